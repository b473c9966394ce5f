import ExampleRegistry
import Foundation
import SluiceDebugger
import SluiceReporting
import Testing

/// `export test FILE`: sessions written as Swift Testing tests that replay them with
/// `TestStore`. The tests it wrote for the example features are kept in
/// `Tests/ExportedSessionTests`, where they build and pass; these check that it still writes
/// them, and what it says where a session cannot be replayed.
@MainActor
@Suite struct ExportTestTests {
  /// The sessions behind `Tests/ExportedSessionTests`: each file, and the lines that made it.
  nonisolated static let sessions: [(file: String, lines: String)] = [
    ("CounterSessionTests.swift", "use counter\n.increment\n.increment\n.decrement"),
    (
      "SearchSessionTests.swift",
      """
      use search
      .queryChanged("a")
      advance 100ms
      .queryChanged("ad")
      advance 100ms
      .queryChanged("ada")
      advance 300ms
      advance 200ms
      """
    ),
    (
      "CheckoutSessionTests.swift",
      """
      use checkout
      .addItem((id: "tea", name: "Tea", priceInCents: 450, quantity: 2))
      .addItem((id: "cake", name: "Cake with a very long name for layout", priceInCents: 300, quantity: 1))
      .checkout
      advance 2s
      """
    ),
    ("PingpongSessionTests.swift", "use pingpong\n.ping\nadvance 100ms\n.stop\nadvance 50ms"),
    ("WeatherSessionTests.swift", "use weather\n.cityChanged(\"Oslo\")\n.fetch\nadvance 400ms"),
    ("JournalSessionTests.swift", "use journal\n.write(\"Rain\")\n.write(\"Sun\")\nadvance 1s"),
    ("CommittedCounterSessionTests.swift", "use counter\n.increment\ncommit\n.increment"),
    (
      "TodosSessionTests.swift",
      """
      use todos
      .add(title: "Milk")
      .add(title: "Bread")
      .toggle(id: 1)
      .setFilter(.active)
      .load
      advance 500ms
      .delete(id: 1)
      """
    ),
    (
      "ProfileSessionTests.swift",
      """
      use profile
      .appeared
      advance 300ms
      .binding(.set(\\.draftName, "Ada"))
      advance 2s
      advance 300ms
      """
    ),
    (
      "CancelledLoadSessionTests.swift",
      "use todos\n.load\nadvance 200ms\ncancel load todos\nadvance 500ms\n.add(title: \"Tea\")"
    ),
    ("StopwatchSessionTests.swift", "use stopwatch\n.start\nadvance 3s\n.stop\nadvance 1s\n.clear"),
    // The two loops the cycle detector breaks: the test store runs with the session's settings.
    ("PingpongCycleSessionTests.swift", "use pingpong\n.ping\nadvance 1s"),
    ("TemperatureSessionTests.swift", "use temperature\n.setCelsius(100)\nwait"),
    // A job still in flight at the end (the search's debounce), as a flight recording has.
    ("SearchInFlightSessionTests.swift", "use search\n.queryChanged(\"ada\")\nadvance 100ms"),
  ]

  /// The sessions whose run the cycle detector stops: `sluice run` fails them (status 1).
  nonisolated static let brokenCycles: Set = ["PingpongCycleSessionTests.swift", "TemperatureSessionTests.swift"]

  /// Runs `lines`, then `export test`, and returns the file written and what the run printed.
  private func export(
    _ lines: String, as file: String = "ExportedTests.swift", virtualClock: Bool = true,
    status expected: ScriptExitStatus = .success
  ) async throws -> (source: String, output: [String]) {
    let folder = try TemporaryFolder()
    let path = folder.url.appendingPathComponent(file).path
    // The cycle detector breaks loops, as `sluice run` has it.
    let harness = ScriptRunnerHarness(virtualClock: virtualClock, cycleOverrides: CycleOverrides(policy: .break))
    let status = await harness.run(lines + "\nexport test \(path)\n")
    #expect(status == expected, "\(harness.output.text)")
    return (try String(contentsOfFile: path, encoding: .utf8), harness.output.standardOutput)
  }

  /// The file without the date it was written on.
  private func undated(_ source: String) -> String {
    source.replacingOccurrences(of: #"on \d{4}-\d{2}-\d{2} from"#, with: "on DATE from", options: .regularExpression)
  }

  @Test(arguments: sessions.map(\.file))
  func theExportedTestsAreWhatTheExporterWrites(_ file: String) async throws {
    let lines = try #require(Self.sessions.first { $0.file == file }?.lines)
    let kept = try String(
      contentsOf: packageRoot.appendingPathComponent("Tests/ExportedSessionTests/" + file), encoding: .utf8)
    let status: ScriptExitStatus = Self.brokenCycles.contains(file) ? .expectationFailed : .success
    let written = try await export(lines, as: file, status: status).source
    #expect(undated(written) == undated(kept))
  }

  @Test func aStateChangeIsAssertedAsTheSmallestAssignments() async throws {
    let (source, output) = try await export(
      "use todos\n.add(title: \"Milk\")\n.add(title: \"Bread\")\n.toggle(id: 1)")
    #expect(output.contains { $0.hasPrefix("exported 3 actions as a test to ") })
    // An element added assigns the array; a property changed inside one assigns just it.
    #expect(source.contains("$0.todos = ["))
    #expect(source.contains("$0.todos[0].isDone = true"))
    #expect(source.contains(#"await store.send(.toggle(id: 1)) {"#))
  }

  @Test func whatCannotBeReplayedIsSaidInTheFileAndOnScreen() async throws {
    let (source, output) = try await export("use search\n.queryChanged(\"ada\")", virtualClock: false)
    let notes = output.filter { $0.hasPrefix("note: ") }
    #expect(notes.contains("note: recorded on the real clock: the test moves virtual time by the times measured then"))
    #expect(notes.contains { $0.contains("still running: the test lets it go") })
    for note in notes { #expect(source.contains("// " + note.dropFirst("note: ".count))) }
    #expect(source.contains("await store.skipInFlightEffects()"))
  }

  @Test func aSessionThatStartedElsewhereStartsTheTestThere() async throws {
    let (source, _) = try await export("use counter\n.increment\ncommit\n.increment")
    #expect(source.contains("initialState: Counter.State(count: 1, step: 1), clock: clock"))
    #expect(source.contains("@Suite struct ExportedTests {"))
  }

  @Test func aCycleTheDetectorBrokeIsBrokenInTheTestToo() async throws {
    let (source, _) = try await export("use pingpong\n.ping\nadvance 1s", status: .expectationFailed)
    #expect(source.contains("cycleDetection: CycleDetection(policy: .break), clock: clock"))
    // The detector fired after the last entry: the test's clock gets where the session's did.
    #expect(source.contains("await store.advance(by: .milliseconds(600))"))
    #expect(source.contains(#"#expect(store.cycleWarnings.map(\.cycleDescription) == [".ping → .pong → .ping"])"#))
  }

  @Test func aJobCancelledByHandIsCancelledWhereItWas() async throws {
    let (source, _) = try await export("use todos\n.load\nadvance 200ms\ncancel 1\n.add(title: \"Tea\")")
    #expect(
      source.contains(
        "await store.advance(by: .milliseconds(200))\n    await store.cancelJobs(named: \"load todos\")\n\n    await store.send(.add("),
      "\(source)")
    // A reset forgets what was cancelled before it.
    let (afterReset, _) = try await export("use todos\n.load\ncancel 1\nreset\n.add(title: \"Tea\")")
    #expect(!afterReset.contains("cancelJobs"), "\(afterReset)")
  }

  @Test func anEditByHandIsLeftOutAndSaidSo() async throws {
    let (source, output) = try await export("use counter\n.increment\nset var step = 5\n.increment")
    #expect(output.contains("note: #2 edits the state by hand (`set var`), which a test store cannot: the test goes on without the edit, and fails where an action reads what it changed"))
    // The second increment read the edited step: its change is written as the session saw it
    // (1 → 6), which the test's store, without the edit, does not make.
    #expect(source.contains("$0.count = 6"), "\(source)")
    #expect(!source.contains("$0.step"), "\(source)")
  }

  /// `export-test` of a saved session writes the test `export test` wrote of it live: the
  /// jobs cancelled by hand, and the jobs still running at the end (a flight recording nearly
  /// always has one), come from the file's spans.
  @Test(arguments: sessions.map(\.file))
  func theTestOfTheSavedSessionIsTheLiveSessionsTest(_ file: String) async throws {
    let folder = try TemporaryFolder()
    let session = folder.url.appendingPathComponent("saved.sluice-session").path
    let lines = try #require(Self.sessions.first { $0.file == file }?.lines)
    let status: ScriptExitStatus = Self.brokenCycles.contains(file) ? .expectationFailed : .success
    let live = try await export(lines + "\nsave \(session)", as: file, status: status).source
    // The cycle detector's settings are those the live session ran with.
    var options = SessionOptions.forTests(usesVirtualClock: true)
    options.cycleOverrides = CycleOverrides(policy: .break)
    let debugger = Debugger(registry: exampleFeatures, options: options)
    let name = String(file.dropLast(".swift".count))
    let fromFile = ExportedTest(try debugger.describeTest(fromSessionFile: session, name: name)).source
    // Only the first line, which says where the session came from, differs.
    #expect(fromFile.split(separator: "\n").dropFirst() == live.split(separator: "\n").dropFirst(), "\(fromFile)")
    if file == "CancelledLoadSessionTests.swift" {
      #expect(fromFile.contains("await store.cancelJobs(named: \"load todos\")"))
    }
    if file == "SearchInFlightSessionTests.swift" {
      #expect(fromFile.contains("await store.skipInFlightEffects()"))
    }
  }

  @Test func aPauseAtACycleIsWrittenAsWhatThePersonDid() async throws {
    let settings = "set cycle policy pause"
    let (paused, pausedOutput) = try await export("use pingpong\n\(settings)\n.ping\nadvance 1s")
    #expect(paused.contains("cycleDetection: CycleDetection(policy: .break)"))
    #expect(pausedOutput.contains { $0.contains("ended paused at the cycle detector's warning") })
    let (continued, _) = try await export("use pingpong\n\(settings)\n.ping\nadvance 1s\ncontinue\n.stop")
    #expect(continued.contains("cycleDetection: CycleDetection(), clock: clock"))
  }

  @Test func aRegistryTestsCannotReachIsNamedInTheError() async throws {
    let harness = ScriptRunnerHarness(registry: FeatureRegistry(exampleFeatures.features))
    let status = await harness.run("use counter\nexport test /tmp/never-written.swift\n")
    #expect(status == .error)
    #expect(harness.output.standardError.contains { $0.contains("importedAs: \"Module.name\"") })
    #expect(!FileManager.default.fileExists(atPath: "/tmp/never-written.swift"))
  }
}
