import Foundation
import Testing

/// A running program's stores debugged from `sluice`: the example program
/// (`sluice-attach-example`) runs as a subprocess with its agent in a private runtime folder,
/// and `sluice attach` / `sluice run --attach` talk to it.
@Suite(.serialized) struct AttachTests {
  @Test func attachListsTheProgramWithItsStores() async throws {
    let program = try ExampleProgram()
    let listing = try await SluiceProcess.run(["attach"], environment: program.environment)
    #expect(listing.status == 0)
    let row = try #require(listing.outputLines.first { $0.hasPrefix("\(program.pid) ") })
    #expect(row.contains("sluice-attach-example"))
    #expect(row.contains("counter,checkout,pingpong"))
    #expect(row.contains(program.socket))
  }

  @Test func aScriptRunsTheSameAttachedAsHostedAndChangesTheProgramsStore() async throws {
    let program = try ExampleProgram()
    let folder = try ScriptFolder()
    let script = try folder.write(
      "counter.sluice", "use counter\nprint count\n.increment\n.increment\nexpect count == 2\nlog\n")
    let hosted = try await SluiceProcess.run(["run", "--json", script], environment: program.environment)
    let attached = try await SluiceProcess.run(
      ["run", "--json", "--attach", "\(program.pid)", script], environment: program.environment)
    #expect(hosted.status == 0)
    #expect(attached.status == 0, "\(attached.standardError)")
    #expect(Self.comparable(attached.outputLines).first == "hello")
    #expect(Array(Self.comparable(attached.outputLines).dropFirst()) == Self.comparable(hosted.outputLines))
    // The program's own store moved, and the program goes on answering.
    #expect(try program.request("count") == "count 2")
    #expect(try program.request("increment") == "count 3")
  }

  @Test func anExpectationThatFailsInTheProgramExitsWithOne() async throws {
    let program = try ExampleProgram()
    let folder = try ScriptFolder()
    let script = try folder.write("wrong.sluice", "use counter\nexpect count == 7\n")
    let run = try await SluiceProcess.run(["run", "--attach", "\(program.pid)", script], environment: program.environment)
    #expect(run.status == 1)
    #expect(run.standardOutput.contains("wrong.sluice:2: expectation failed: count == 7"))
    #expect(run.standardOutput.contains("actual:   0"))
  }

  /// `--format junit|github` with `--attach` (issue 49: refused, "--attach reports as text or
  /// json"): the program's agent writes the report the hosted run writes, for a CI smoke test
  /// against a running service.
  @Test func aJUnitOrGitHubReportOfARunInTheProgramIsTheHostedRunsReport() async throws {
    let folder = try ScriptFolder()
    let script = try folder.write("smoke.sluice", "use counter\n.increment\nexpect count == 7\n")
    // The program registers its counter with a summary of its own; the rest is the same.
    func report(_ output: String) -> String {
      output.replacingOccurrences(of: "the program's counter", with: "A number you step up and down")
        .replacingOccurrences(of: "the program&apos;s counter", with: "A number you step up and down")
    }
    for format in ["junit", "github"] {
      let program = try ExampleProgram()
      let hosted = try await SluiceProcess.run(["run", "--format", format, script], environment: program.environment)
      let attached = try await SluiceProcess.run(
        ["run", "--format", format, "--attach", "\(program.pid)", script], environment: program.environment)
      #expect(hosted.status == 1 && attached.status == 1, "\(format): \(attached.standardError)")
      #expect(report(attached.standardOutput) == hosted.standardOutput, "\(format)")
      #expect(attached.standardError == hosted.standardError, "\(format)")
      if format == "junit" {
        #expect(attached.outputLines.first == #"<?xml version="1.0" encoding="UTF-8"?>"#)
        #expect(attached.standardOutput.contains(#"<failure type="expectation" message="\#(script):3:8: expectation failed"#))
      } else {
        #expect(attached.outputLines.contains { $0.hasPrefix("::error file=\(script),line=3,col=8") })
      }
    }
  }

  /// A script serves no page: `ui` in it fails, saying where the page is served.
  @Test func uiInAScriptRunOnAProgramSaysWhereThePageIsServed() async throws {
    let program = try ExampleProgram()
    let folder = try ScriptFolder()
    let script = try folder.write("page.sluice", "use counter\nui\n")
    let run = try await SluiceProcess.run(["run", "--attach", "\(program.pid)", script], environment: program.environment)
    #expect(run.status != 0)
    let said = run.standardOutput + run.standardError
    #expect(said.contains("page.sluice:2"))
    #expect(said.contains("`sluice attach` on a terminal); a script run cannot"))
  }

  @Test func aBreakpointPausesTheProgramsStoreAndAKilledClientResumesIt() async throws {
    let program = try ExampleProgram()
    let client = try InteractiveClient(["attach", "--json", "--store", "counter", "\(program.pid)"], program: program)
    try client.send("break decrement")
    _ = try client.waitFor { $0.contains(#""event":"breakpointAdded""#) }
    // The program sends; the store stops before reducing, and the client hears of it at once.
    #expect(try program.request("decrement") == "count 0")
    let stop = try client.waitFor { $0.contains(#""event":"stopped""#) }
    #expect(stop.contains("decrement"))
    #expect(try program.request("count") == "count 0")

    client.kill()
    // Given back running: the held action is reduced, and the program's sends go through.
    #expect(try program.waitForCount(-1))
    #expect(try program.request("increment") == "count 0")
  }

  @Test func aCycleWarningInTheProgramReachesTheClientLive() async throws {
    let program = try ExampleProgram()
    let client = try InteractiveClient(["attach", "--json", "--store", "pingpong", "\(program.pid)"], program: program)
    _ = try client.waitFor { $0.contains(#""event":"switched""#) }
    _ = try program.request("ping")
    let cycle = try client.waitFor { $0.contains(#""event":"cycle""#) }
    #expect(cycle.contains("ping"))
    _ = try program.request("stop")
    client.kill()
  }

  @Test func aSecondClientIsRefusedWhileOneIsAttached() async throws {
    let program = try ExampleProgram()
    let first = try InteractiveClient(["attach", "--json", "\(program.pid)"], program: program)
    _ = try first.waitFor { $0.contains(#""event":"hello""#) }
    let second = try await SluiceProcess.run(["attach", "\(program.pid)"], input: "print count\n", environment: program.environment)
    #expect(second.status == 2)
    #expect(second.standardError.contains("another debugger is attached"))
    first.kill()
  }

  @Test func aCycleInTheProgramWritesAFlightRecordingThatLoads() async throws {
    let program = try ExampleProgram()
    _ = try program.request("ping")
    let recording = try program.waitForRecording { $0.contains("-pingpong-cycle-") }
    _ = try program.request("stop")
    let load = try await SluiceProcess.run(
      ["run", "--feature", "pingpong", "-"], input: "load \(recording)\nexpect isRunning == true\nexpect pings > 0\n",
      environment: program.environment)
    #expect(load.status == 0, "\(load.standardOutput)\(load.standardError)")
    #expect(load.standardOutput.contains("replayed"))
  }

  @Test func aFlightRecordingExportsAsATraceWithTheJobsItKept() async throws {
    let program = try ExampleProgram()
    _ = try program.request("ping")
    let recording = try program.waitForRecording { $0.contains("-pingpong-cycle-") }
    _ = try program.request("stop")
    let folder = try ScriptFolder()
    let trace = folder.url.appendingPathComponent("pingpong.trace.json").path
    let exported = try await SluiceProcess.run(["export-trace", recording, "-o", trace], environment: program.environment)
    #expect(exported.status == 0, "\(exported.standardError)")
    let events = try ExportTraceCommandTests.events(in: try String(contentsOfFile: trace, encoding: .utf8))
    // The program's store ran a timer for each hop: the recording kept them, each joined
    // to the reduction that launched it.
    #expect(events.contains { $0["cat"] as? String == "job" })
    #expect(events.contains { $0["ph"] as? String == "f" })
    #expect(events.contains { $0["cat"] as? String == "reduction" && $0["name"] as? String == "pong" })
  }

  @Test func aRecordingWrittenOnRequestReplaysToTheProgramsStateThen() async throws {
    let program = try ExampleProgram()
    for _ in 0..<3 { _ = try program.request("increment") }
    _ = try program.request("decrement")
    #expect(try program.request("count") == "count 2")
    _ = try program.request("dump")
    let recording = try program.waitForRecording { $0.contains("-counter-request-") }
    // It holds the program's state: this user's alone.
    let attributes = try FileManager.default.attributesOfItem(atPath: recording)
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
    let load = try await SluiceProcess.run(
      ["run", "--feature", "counter", "-"], input: "load \(recording)\nexpect count == 2\nlog\n",
      environment: program.environment)
    #expect(load.status == 0, "\(load.standardOutput)\(load.standardError)")
    #expect(load.standardOutput.contains("#4 .decrement"))
    // The command the program prints for it opens it too: the file names its feature.
    #expect(recording.hasSuffix(".sluice-session"))
    let opened = try await SluiceProcess.run(
      ["--load", recording], input: "expect count == 2\nlog\n", environment: program.environment)
    #expect(opened.status == 0, "\(opened.standardOutput)\(opened.standardError)")
    #expect(opened.standardOutput.contains("#4 .decrement"))
  }

  @Test func aSignalWritesEveryStoresRecording() async throws {
    let program = try ExampleProgram()
    _ = try program.request("increment")
    kill(program.pid, SIGUSR1)
    _ = try program.waitForRecording { $0.contains("-counter-signal-") }
    let recordings = try program.request("recordings")
    #expect(recordings.contains("-pingpong-signal-"))
  }

  /// Another user took both names the agent's folder may have (`sluice`, `sluice-UID`): the
  /// agent cannot start, and the service says why and serves on without it, as README shows.
  @Test func aServiceWhoseAgentCannotStartServesOn() throws {
    let program = try ExampleProgram { folder in
      for name in ["sluice", "sluice-\(getuid())"] {
        let path = folder.appendingPathComponent(name).path
        mkdir(path, 0o700)
        if getuid() == 0 { chown(path, 4242, 4242) } else { chmod(path, 0o777) }
      }
    }
    #expect(program.socket == "-")
    #expect(try program.request("increment") == "count 1")
  }

  @Test func overTCPTheTokenIsRequired() async throws {
    let secrets = try ScriptFolder()
    let tokenFile = try secrets.write("token", "correct-horse-battery\n")
    chmod(tokenFile, 0o600)
    let wrongFile = try secrets.write("wrong", "incorrect-horse-battery\n")
    chmod(wrongFile, 0o600)
    let program = try ExampleProgram(tokenFile: tokenFile)
    let port = try #require(program.tcpPort)
    let script = try secrets.write("count.sluice", "use counter\n.increment\nexpect count == 1\n")

    let served = try await SluiceProcess.run(
      ["run", "--attach", "127.0.0.1:\(port)", "--token-file", tokenFile, script], environment: program.environment)
    #expect(served.status == 0, "\(served.standardOutput)\(served.standardError)")
    #expect(try program.request("count") == "count 1")

    let wrong = try await SluiceProcess.run(
      ["run", "--attach", "127.0.0.1:\(port)", "--token-file", wrongFile, script], environment: program.environment)
    #expect(wrong.status == 2)
    #expect(wrong.standardError.contains("token"))
    let missing = try await SluiceProcess.run(["run", "--attach", "127.0.0.1:\(port)", script], environment: program.environment)
    #expect(missing.status == 2)
    #expect(missing.standardError.contains("--token-file"))
    #expect(try program.request("count") == "count 1")
  }

  @Test func aProgramThatExitsWhileAttachedEndsTheClient() async throws {
    let program = try ExampleProgram()
    let client = try InteractiveClient(["attach", "--json", "--store", "counter", "\(program.pid)"], program: program)
    _ = try client.waitFor { $0.contains(#""event":"switched""#) }
    program.quit()
    // The connection closes: the client reads to its end and exits.
    #expect(throws: ExampleProgramError.self) { try client.waitFor { _ in false } }
    #expect(client.exitStatus() == 0)
  }

  @Test func keepPausedLeavesTheStorePausedForTheNextClient() async throws {
    let program = try ExampleProgram()
    let first = try InteractiveClient(
      ["attach", "--json", "--keep-paused", "--store", "counter", "\(program.pid)"], program: program)
    try first.send("break decrement")
    _ = try first.waitFor { $0.contains(#""event":"breakpointAdded""#) }
    #expect(try program.request("decrement") == "count 0")
    _ = try first.waitFor { $0.contains(#""event":"stopped""#) }
    first.kill()

    // A second client is let in only once the first is gone: the store is still paused then.
    let second = try InteractiveClient(["attach", "--json", "--store", "counter", "\(program.pid)"], program: program)
    _ = try second.waitFor { $0.contains(#""event":"switched""#) }
    #expect(try program.request("count") == "count 0")
    try second.send("continue")
    // Request 1 was `use counter`; `continue` is request 2.
    _ = try second.waitFor { $0.contains(#""event":"completed""#) && $0.contains(#""id":2"#) }
    #expect(try program.request("count") == "count -1")
    second.kill()
  }

  @Test func ctrlCPausesTheProgramsStore() async throws {
    let program = try ExampleProgram()
    let client = try InteractiveClient(["attach", "--json", "--store", "pingpong", "\(program.pid)"], program: program)
    _ = try client.waitFor { $0.contains(#""event":"switched""#) }
    _ = try program.request("ping")
    client.interrupt()
    let answer = try client.waitFor { $0.contains(#""id":-1"#) && $0.contains(#""event":"completed""#) }
    #expect(answer.contains(#""failed":false"#))
    try client.send("info jobs")
    _ = try client.waitFor { $0.contains(#""event":"jobs""#) }
    _ = try program.request("stop")
    client.kill()
  }

  /// The walk-through README gives, end to end: attached over the Unix socket, then over TCP
  /// with the token, while the service answers its own HTTP requests throughout.
  @Test func aDebuggingSessionOnTheRunningServiceEndToEnd() async throws {
    let secrets = try ScriptFolder()
    let tokenFile = try secrets.write("token", "correct-horse-battery\n")
    chmod(tokenFile, 0o600)
    let service = try ExampleProgram(tokenFile: tokenFile)
    let client = try InteractiveClient(["attach", "--json", "--store", "checkout", "\(service.pid)"], program: service)
    try client.send("break validated")
    _ = try client.waitFor { $0.contains(#""event":"breakpointAdded""#) }

    // The service's own requests: the validation middleware's action stops the store.
    #expect(try service.request("add") == "items 1 status shopping")
    #expect(try service.request("checkout") == "items 1 status validating")
    let stop = try client.waitFor { $0.contains(#""event":"stopped""#) }
    #expect(stop.contains("validated"))
    // Paused, the store holds its action, and the service still answers.
    #expect(try service.request("cart") == "items 1 status validating")

    try client.send("step")
    let stepped = try client.waitFor { $0.contains(#""event":"stepped""#) }
    #expect(stepped.contains("validated"))
    try client.send("delete")
    try client.send("continue")
    _ = try client.waitFor { $0.contains(#""event":"completed""#) && $0.contains(#""id":5"#) }
    #expect(try service.waitForCart { $0.contains("status paid") })

    // A loop in the service: its warning reaches the client as it fires.
    try client.send("use pingpong")
    _ = try client.waitFor { $0.contains(#""event":"switched""#) }
    _ = try service.request("ping")
    let cycle = try client.waitFor { $0.contains(#""event":"cycle""#) }
    #expect(cycle.contains("ping"))
    _ = try service.request("stop")

    let saved = secrets.url.appendingPathComponent("checkout.sluice").path
    try client.send("use checkout")
    try client.send("save \(saved)")
    _ = try client.waitFor { $0.contains(#""event":"saved""#) }
    #expect(FileManager.default.fileExists(atPath: saved))
    try client.send("quit")
    #expect(client.exitStatus() == 0)

    // Detached, the service goes on; a client over TCP with the token attaches next.
    #expect(try service.request("increment") == "count 1")
    let port = try #require(service.tcpPort)
    let overTCP = try InteractiveClient(
      ["attach", "--json", "--store", "counter", "--token-file", tokenFile, "127.0.0.1:\(port)"], program: service)
    try overTCP.send(".increment")
    let reduced = try overTCP.waitFor { $0.contains(#""event":"reduced""#) }
    #expect(reduced.contains(#""new":"2""#))
    overTCP.kill()
    #expect(try service.request("count") == "count 2")

    let load = try await SluiceProcess.run(
      ["run", "--feature", "checkout", "-"], input: "load \(saved)\nexpect orderNumber == 1\n", environment: service.environment)
    #expect(load.status == 0, "\(load.standardOutput)\(load.standardError)")
  }

  /// The events of a `--json` run, each as its name and what does not depend on when it ran
  /// (durations and times are left out; the script's file is kept: it is named the same).
  static func comparable(_ lines: [String]) -> [String] {
    lines.compactMap { line in
      guard var object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any],
        let name = object["event"] as? String
      else { return line }
      if name == "hello" { return "hello" }
      object = Self.withoutPlaceAndTime(object)
      // `use` says the feature's summary, which the program gave its store.
      if name == "switched" { object["lines"] = nil }
      let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
      return data.map { String(decoding: $0, as: UTF8.self) }
    }
  }

  /// `object` without the keys that depend on when it ran, or on how the feature was
  /// described: times and durations, the feature's summary.
  static func withoutPlaceAndTime(_ object: [String: Any]) -> [String: Any] {
    var kept: [String: Any] = [:]
    for (key, value) in object where !["timeNanoseconds", "durationNanoseconds", "summary"].contains(key) {
      if let entries = value as? [[String: Any]] {
        kept[key] = entries.map(withoutPlaceAndTime)
      } else {
        kept[key] = value
      }
    }
    return kept
  }
}

struct ExampleProgramError: Error {
  let message: String
}

/// `sluice attach …` running with a pipe for its input, read line by line as it writes.
final class InteractiveClient {
  private let process = Process()
  private let input = Pipe()
  private let lines: LineReader

  init(_ arguments: [String], program: ExampleProgram) throws {
    guard let executable = SluiceProcess.executable else {
      throw ExampleProgramError(message: "the sluice binary was not built next to the tests")
    }
    process.executableURL = executable
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(program.environment) { _, new in new }
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    lines = LineReader(output.fileHandleForReading)
    try process.run()
  }

  deinit { kill() }

  func send(_ line: String) throws {
    input.fileHandleForWriting.write(Data((line + "\n").utf8))
  }

  /// The first line from now on that `matches`, failing if the client ends first.
  func waitFor(_ matches: (String) -> Bool) throws -> String {
    while let line = lines.next() {
      if matches(line) { return line }
    }
    throw ExampleProgramError(message: "the client ended before the line expected")
  }

  /// Sends the client Ctrl-C's signal.
  func interrupt() {
    Glibc.kill(process.processIdentifier, SIGINT)
  }

  /// Waits for the client to exit by itself, and returns its status.
  func exitStatus() -> Int32 {
    process.waitUntilExit()
    return process.terminationStatus
  }

  /// Kills the client, as a user closing its terminal would.
  func kill() {
    guard process.isRunning else { return }
    Glibc.kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }
}

/// Reads a pipe's lines as they come (blocking: tests call it off any actor).
final class LineReader {
  private let handle: FileHandle
  private var buffer = Data()

  init(_ handle: FileHandle) {
    self.handle = handle
  }

  /// The next line, or nil at the end of the output.
  func next() -> String? {
    while true {
      if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
        let line = buffer[buffer.startIndex..<newline]
        buffer.removeSubrange(buffer.startIndex...newline)
        return String(decoding: line, as: UTF8.self)
      }
      let chunk = handle.availableData
      guard !chunk.isEmpty else { return buffer.isEmpty ? nil : String(decoding: buffer, as: UTF8.self) }
      buffer.append(chunk)
    }
  }
}
