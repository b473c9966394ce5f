import Foundation
import Testing

/// gdb, lldb and pdb habits, through the real binary: `--version`, `-x`/`-ex` before the
/// prompt, init files (a project's only when trusted), completion scripts that know the
/// features, a manual page from the command table, and `file:line:col: error:` for a failed
/// expectation.
@Suite("Debugger habits of the sluice binary")
struct DebuggerHabitsTests {
  /// A home of its own, so no init file of the machine's user runs.
  private func isolated(_ folder: ScriptFolder) -> [String: String] {
    ["HOME": folder.url.path, "XDG_CONFIG_HOME": folder.url.appendingPathComponent("config").path]
  }

  @Test func versionPrintsTheNameAndVersion() async throws {
    let result = try await SluiceProcess.run(["--version"])
    #expect(result.status == 0)
    #expect(result.outputLines.first == "sluice 0.1.0")
    #expect(result.outputLines.dropFirst().first?.hasPrefix("features: counter, todos,") == true)
  }

  @Test func sourceAndCommandRunBeforeTheFirstLine() async throws {
    let folder = try ScriptFolder()
    let script = try folder.write("setup.sluice", ".setStep(5)\n")
    let result = try await SluiceProcess.run(
      ["--feature", "counter", "-x", script, "-ex", ".increment", "--command", ".increment"], input: "print count\n",
      environment: isolated(folder))
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.outputLines.last == "count = 10")
    let long = try await SluiceProcess.run(
      ["--feature", "counter", "--source", script, "-ex", "print step"], input: "", environment: isolated(folder))
    #expect(long.outputLines.last == "step = 5")
  }

  /// As gdb, `-x` and `-ex` run in the order given: here the step is set before the script
  /// increments.
  @Test func sourcesAndCommandsRunInTheOrderGiven() async throws {
    let folder = try ScriptFolder()
    let script = try folder.write("up.sluice", ".increment\n")
    let result = try await SluiceProcess.run(
      ["--feature", "counter", "-ex", ".setStep(2)", "--source=\(script)", "--command=print count"], input: "",
      environment: isolated(folder))
    #expect(result.outputLines.last == "count = 2", "\(result.standardOutput)")
    // Echoed as the script's own lines are (issue 27: `-ex` lines were not).
    #expect(result.outputLines.contains("> .setStep(2)"), "\(result.standardOutput)")
    #expect(result.outputLines.contains("> .increment"), "\(result.standardOutput)")
    #expect(result.outputLines.contains("> print count"), "\(result.standardOutput)")
  }

  @Test func theUsersInitFileRunsAndNoInitSkipsIt() async throws {
    let folder = try ScriptFolder()
    let config = folder.url.appendingPathComponent("config/sluice")
    try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
    try ".setStep(3)\n".write(to: config.appendingPathComponent("init.sluice"), atomically: true, encoding: .utf8)
    let result = try await SluiceProcess.run(
      ["--feature", "counter"], input: ".increment\nprint count\n", environment: isolated(folder))
    #expect(result.outputLines.last == "count = 3", "\(result.standardError)")
    let skipped = try await SluiceProcess.run(
      ["--feature", "counter", "--no-init"], input: ".increment\nprint count\n", environment: isolated(folder))
    #expect(skipped.outputLines.last == "count = 1")
  }

  /// As gdb does with `~/.gdbinit`: a bad line is reported at its place, and the rest of the
  /// file and the shell still run.
  @Test func aBadLineInTheUsersInitFileIsReportedAndTheShellGoesOn() async throws {
    let folder = try ScriptFolder()
    let config = folder.url.appendingPathComponent("config/sluice")
    try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
    let initFile = config.appendingPathComponent("init.sluice")
    try ".setStep(2)\n.setStep(\"x\")\nfrobnicate\n.setStep(5)\n".write(to: initFile, atomically: true, encoding: .utf8)
    let result = try await SluiceProcess.run(
      ["--feature", "counter"], input: ".increment\nprint count\n", environment: isolated(folder))
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.outputLines.last == "count = 5", "\(result.standardError)")
    #expect(result.standardError.contains("\(initFile.path):2:"), "\(result.standardError)")
    #expect(result.standardError.contains("\(initFile.path):3:1: error:"), "\(result.standardError)")
  }

  @Test func aProjectInitFileRunsOnlyInATrustedDirectory() async throws {
    let folder = try ScriptFolder()
    let project = folder.url.appendingPathComponent("project")
    try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
    try ".setStep(7)\n".write(to: project.appendingPathComponent(".sluiceinit"), atomically: true, encoding: .utf8)

    let untrusted = try await SluiceProcess.run(
      ["--feature", "counter"], input: ".increment\nprint count\n", environment: isolated(folder), directory: project)
    #expect(untrusted.outputLines.last == "count = 1")
    #expect(untrusted.standardError.contains("warning: not running"))
    #expect(untrusted.standardError.contains("is not trusted"))

    let config = folder.url.appendingPathComponent("config/sluice")
    try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
    try "# projects I trust\n\(folder.url.path)\n".write(
      to: config.appendingPathComponent("trusted"), atomically: true, encoding: .utf8)
    let trusted = try await SluiceProcess.run(
      ["--feature", "counter"], input: ".increment\nprint count\n", environment: isolated(folder), directory: project)
    #expect(trusted.outputLines.last == "count = 7", "\(trusted.standardError)")
    #expect(trusted.standardError.isEmpty)
  }

  @Test func completionScriptsCompleteFeatureWithTheRegisteredNames() async throws {
    for shell in ["bash", "zsh", "fish"] {
      let script = try await SluiceProcess.run(["--generate-completion-script", shell])
      #expect(script.status == 0)
      #expect(script.standardOutput.contains("---completion shell -- --feature"), "\(shell)")
    }
    // What the scripts call while the user types `sluice run --feature ch⇥`.
    let answer = try await SluiceProcess.run(["---completion", "run", "--", "--feature", "2", "2", "sluice", "--feature", "ch"])
    #expect(answer.status == 0)
    #expect(answer.outputLines == ["checkout"])
  }

  @Test func theManualPageListsEveryCommandOfTheTable() async throws {
    let result = try await SluiceProcess.run(["manual"])
    #expect(result.status == 0)
    #expect(result.outputLines.first?.hasPrefix(".TH SLUICE 1") == true)
    for name in ["help", "send", "find", "cancel", "break", "expect", "advance", "quit"] {
      #expect(result.outputLines.contains { $0.hasPrefix("\\fB\(name)") }, "\(name) is not in the manual")
    }
    #expect(result.standardOutput.contains("\\-\\-history\\-file"))
    #expect(result.standardOutput.contains(".SH ENVIRONMENT"))
  }

  @Test func aFailedExpectationIsAnErrorAtItsFileLineAndColumnOnStandardError() async throws {
    let folder = try ScriptFolder()
    let script = try folder.write("fail.sluice", ".increment\n  expect count == 3\n")
    let result = try await SluiceProcess.run(["run", script])
    #expect(result.status == 1)
    #expect(
      result.standardError.contains("\(script):2:10: error: expectation failed: count == 3: expected 3, actual 1"),
      "\(result.standardError)")
  }
}

@Suite("The JSON protocol over standard input and output")
struct JSONProtocolTests {
  @Test func aProgramDrivesASessionAndGetsIdMatchedAnswers() async throws {
    let input = """
      {"id": 1, "command": ".setStep(4)"}
      {"id": 2, "command": ".increment"}
      {"id": "q", "command": "print count"}

      """
    let result = try await SluiceProcess.run(["run", "--json", "--feature", "counter", "-"], input: input)
    #expect(result.status == 0, "\(result.standardError)")
    let objects = try result.outputLines.map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    #expect(objects.allSatisfy { $0["version"] as? Int == 1 })
    let value = try #require(objects.first { $0["event"] as? String == "value" })
    #expect(value["id"] as? String == "q")
    #expect(value["value"] as? String == "4")
    let completed = objects.filter { $0["event"] as? String == "completed" }
    #expect(completed.count == 3)
    #expect(completed.first?["id"] as? Int == 1)
  }

  /// Issue 49: with `set diff off` a program read no `changed` or `changes`. A display
  /// setting changes what a terminal shows, never what a program reads.
  @Test(arguments: ["off", "summary", "full"])
  func jsonCarriesWhatChangedWhateverTheDisplay(_ display: String) async throws {
    let input = "set diff \(display)\n.increment\n"
    let result = try await SluiceProcess.run(["run", "--json", "--feature", "counter", "-"], input: input)
    #expect(result.status == 0, "\(result.standardError)")
    let objects = try result.outputLines.map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    let reduced = try #require(objects.first { $0["event"] as? String == "reduced" })
    #expect(reduced["changed"] as? [String] == ["count"])
    let changes = try #require(reduced["changes"] as? [[String: Any]])
    #expect(changes.first?["path"] as? String == "count")
    #expect(changes.first?["new"] as? String == "1")
    // What a terminal shows of it: the lines under `full`, the display's name otherwise.
    #expect((reduced["diff"] != nil) == (display == "full"))
    #expect(reduced["diffDisplay"] as? String == (display == "full" ? nil : display))
  }
}
