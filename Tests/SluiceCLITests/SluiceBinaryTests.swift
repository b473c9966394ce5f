import Foundation
import Testing

@Suite("The sluice binary")
struct SluiceBinaryTests {
  @Test func passingScriptExitsZero() async throws {
    let folder = try ScriptFolder()
    let script = try folder.write("ok.sluice", "# counts\n.increment\n.increment\nexpect count == 2\n")
    let result = try await SluiceProcess.run(["run", script])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.outputLines.contains("#2 .increment  ← script"))
    #expect(result.outputLines.last == "✓ all 1 expectation held")
    #expect(result.standardError.isEmpty)
  }

  /// A reader that leaves (`sluice run … | head -1`) takes what follows with it, and the run
  /// goes on to its end. With `SIGPIPE` ignored, as a parent may leave it (and as `attach`
  /// has it, for its socket), writing to the closed pipe once trapped in `FileHandle.write`.
  @Test func aClosedStandardOutputDoesNotCrashTheRun() async throws {
    let folder = try ScriptFolder()
    let script = try folder.write("many.sluice", String(repeating: ".increment\n", count: 2_000) + "expect count == 2000\n")
    let binary = try #require(SluiceProcess.executable)
    let shell = Process()
    shell.executableURL = URL(fileURLWithPath: "/bin/bash")
    // `head` closes the pipe after one line; PIPESTATUS[0] is sluice's own status.
    shell.arguments = ["-c", "trap '' PIPE; '\(binary.path)' run --virtual-clock '\(script)' 2>/dev/null | head -1 >/dev/null; exit ${PIPESTATUS[0]}"]
    try shell.run()
    shell.waitUntilExit()
    #expect(shell.terminationReason == .exit)
    #expect(shell.terminationStatus == 0, "sluice ended with \(shell.terminationStatus)")
  }

  @Test func failedExpectationExitsOneAndRunsOn() async throws {
    let folder = try ScriptFolder()
    let script = try folder.write("fail.sluice", ".increment\nexpect count == 3\nexpect count == 1\n")
    let result = try await SluiceProcess.run(["run", script])
    #expect(result.status == 1)
    #expect(result.outputLines.contains { $0.hasSuffix("fail.sluice:2: expectation failed: count == 3") })
    #expect(result.outputLines.contains("✓ expect count == 1"))
  }

  @Test func unparsableLineExitsTwoWithItsPlace() async throws {
    let folder = try ScriptFolder()
    let script = try folder.write("bad.sluice", ".increment\nexpect count = 1\nexpect count == 1\n")
    let result = try await SluiceProcess.run(["run", script])
    #expect(result.status == 2)
    #expect(result.standardError.contains("bad.sluice:2:8: error: expected PATH OP VALUE"))
    #expect(!result.standardOutput.contains("expect count == 1"))
  }

  @Test func commandErrorExitsTwo() async throws {
    let folder = try ScriptFolder()
    let script = try folder.write("err.sluice", "advance 1s\n")
    let result = try await SluiceProcess.run(["run", script])
    #expect(result.status == 2)
    #expect(result.standardError.contains("err.sluice:1:9: error: advance needs virtual time"))
  }

  @Test(arguments: [
    (["run"], "give at least one script file"),
    (["run", "--colour", "x.sluice"], "Unknown option '--colour'"),
    (["run", "--feature", "todo", "-"], "no feature named 'todo'; did you mean 'todos'?"),
    (["run", "/nonexistent/x.sluice"], "cannot read /nonexistent/x.sluice"),
    (["--feature", "todo"], "no feature named 'todo'; did you mean 'todos'?"),
  ])
  func badUsageExitsTwo(arguments: [String], message: String) async throws {
    let result = try await SluiceProcess.run(arguments, input: "")
    #expect(result.status == 2, "\(arguments): \(result.standardError)")
    #expect(result.standardError.contains(message), "\(arguments): \(result.standardError)")
  }

  @Test func helpExitsZero() async throws {
    let result = try await SluiceProcess.run(["run", "--help"])
    #expect(result.status == 0)
    #expect(result.standardOutput.contains("--virtual-clock"))
    #expect(result.standardOutput.contains("Exit status"))
  }

  @Test func scriptOnStandardInput() async throws {
    let script = """
      use todos
      .load
      wait \(hangGuardText)
      advance 500ms
      expect todos[0].title == "Buy milk"
      """
    let result = try await SluiceProcess.run(["run", "--virtual-clock", "-"], input: script)
    #expect(result.status == 0, "\(result.standardOutput)\n\(result.standardError)")
    #expect(result.outputLines.contains("✓ expect todos[0].title == \"Buy milk\""))
  }

  @Test func featureOptionChoosesTheFeature() async throws {
    let result = try await SluiceProcess.run(
      ["run", "--feature", "search", "-"], input: "expect query == \"\"\ninfo settings\n")
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.outputLines.contains { $0.hasPrefix("feature: search") })
  }

  @Test func jsonLinesForTools() async throws {
    let script = packageRoot("Examples/Scripts/checkout.sluice")
    let result = try await SluiceProcess.run(["run", "--virtual-clock", "--json", script])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardError.isEmpty)
    let objects = try result.outputLines.map { line in
      try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not JSON: \(line)")
    }
    let kinds = Set(objects.compactMap { $0["event"] as? String })
    #expect(kinds.isSuperset(of: ["command", "reduced", "expectation", "stopped", "stepped", "logEntries", "breakpointAdded", "output", "finished"]))
    #expect(objects.allSatisfy { $0["event"] is String })
    let stop = try #require(objects.first { $0["event"] as? String == "stopped" })
    #expect(stop["reason"] as? String == "breakpoint")
    #expect(stop["action"] as? String == ".checkout")
    let expectations = objects.filter { $0["event"] as? String == "expectation" }
    #expect(!expectations.isEmpty)
    #expect(expectations.allSatisfy { $0["passed"] as? Bool == true && $0["line"] is Int && $0["file"] is String })
    #expect(objects.last?["event"] as? String == "finished")
    #expect(objects.last?["status"] as? Int == 0)
  }

  @Test func jsonReportsCycles() async throws {
    let result = try await SluiceProcess.run(
      ["run", "--virtual-clock", "--json", "--feature", "pingpong", "-"],
      input: "set diff off\nbreak cycle\n.ping\nadvance 1s\nexpect pings == 22\n")
    #expect(result.status == 1)
    let objects = try result.outputLines.map { line in
      try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not JSON: \(line)")
    }
    let cycle = try #require(objects.first { $0["event"] as? String == "cycle" })
    #expect(cycle["cycle"] as? [String] == [".ping", ".pong", ".ping"])
    #expect(cycle["policy"] as? String == "pause")
    let failed = try #require(objects.first { $0["event"] as? String == "expectation" })
    #expect(failed["passed"] as? Bool == false)
    #expect(failed["expected"] as? String == "22")
    #expect(failed["actual"] as? String == "21")
  }

  @Test func jsonErrorsAreJSONToo() async throws {
    let result = try await SluiceProcess.run(["run", "--json", "-"], input: ".increment\nfrobnicate\n")
    #expect(result.status == 2)
    let last = result.outputLines.suffix(2).map { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    #expect(last.first??["event"] as? String == "error")
    #expect(last.first??["line"] as? Int == 2)
    #expect(last.first??["file"] as? String == "<stdin>")
    #expect(last.last??["status"] as? Int == 2)
  }

  private func packageRoot(_ path: String) -> String {
    SluiceProcess.packageRoot.appendingPathComponent(path).path
  }
}
