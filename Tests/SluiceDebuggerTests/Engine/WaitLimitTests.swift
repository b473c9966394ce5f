import ExampleRegistry
import Foundation
import Sluice
import SluiceDebugger
import SluiceMacroSupport
import Testing

/// A feature whose `.hang` starts a job that never ends and never sleeps on the session's
/// clock (it sleeps an hour on the real one): the one kind of work only the wait limit ends.
@Feature
struct Stuck {
  struct State: Codable, Equatable, Sendable {
    var hangs = 0
  }

  enum Action: Codable, Equatable, Sendable {
    /// Starts the job that never ends.
    case hang
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.hangs += 1
    return .run(name: "hang") { _ in try await Task.sleep(for: .seconds(3_600)) }
  }
}

/// Issue 45: `wait`, `continue`, `advance` and stepping end on the store's own work; a real-
/// time bound remains only for a job that shows no sign of life, as the setting
/// `SessionOptions.waitLimit` (`set wait limit`, `--wait-limit`), and ending by it names the
/// jobs still running.
///
/// The limits these tests set are short because the work they wait on can never finish:
/// however slow the machine, the outcome is the same.
@MainActor
@Suite struct WaitLimitTests {
  static let registry = FeatureRegistry([
    Feature("stuck", summary: "A job that never ends", initialState: Stuck.State()) { _ in Stuck() }
  ])

  private func session(waitLimit: Duration?) throws -> any DebugSession {
    var options = SessionOptions.forTests(usesVirtualClock: true)
    options.waitLimit = waitLimit
    return try Debugger(registry: Self.registry, options: options).use("stuck")
  }

  @Test func theDefaultIsThirtySecondsOfNoProgress() {
    #expect(SessionOptions().waitLimit == .seconds(30))
  }

  @Test func aWaitEndedByTheLimitNamesTheJobsStillRunning() async throws {
    let session = try session(waitLimit: .milliseconds(50))
    try session.running.send(".hang", origin: .user)
    let outcome = await session.running.wait(timeout: nil)
    guard case .timedOut(let jobs) = outcome else {
      Issue.record("expected a timeout, got \(outcome)")
      return
    }
    #expect(jobs.count == 1)
    #expect(jobs.first?.hasPrefix("hang #") == true, "\(jobs)")
  }

  @Test func advanceStopsAtAJobThatNeverSettlesAndSaysSo() async throws {
    let session = try session(waitLimit: .milliseconds(50))
    try session.running.send(".hang", origin: .user)
    do {
      _ = try await session.running.advance(by: .seconds(1))
      Issue.record("advance moved time under a job still running")
    } catch {
      #expect(error.message.contains("advance stopped at 0s of 1s"), "\(error.message)")
      #expect(error.message.contains("hang #"), "\(error.message)")
      #expect(error.message.contains("set wait limit"), "\(error.message)")
    }
    #expect(session.inspection.elapsedTime == .zero)
  }

  /// Under virtual time, what settles the wait is the store's work: a job asleep on the
  /// session's clock ends it at once, with no limit at all.
  @Test func withNoLimitAWaitEndsOnTheStoresOwnWork() async throws {
    let debugger = Debugger(registry: exampleFeatures, options: {
      var options = SessionOptions(usesVirtualClock: true)
      options.waitLimit = nil
      return options
    }())
    let session = try debugger.use("todos")
    try session.running.send(".load", origin: .user)
    #expect(await session.running.wait(timeout: nil) == .waitingForTime(jobs: ["load todos"]))
    _ = try await session.running.advance(by: .milliseconds(500))
    #expect(await session.running.wait(timeout: nil) == .idle)
  }

  @Test func setWaitLimitChangesItAndInfoSettingsShowsIt() async throws {
    let interpreter = CommandInterpreter(debugger: Debugger(registry: Self.registry, options: .forTests(usesVirtualClock: true)))
    guard case .message(let lines) = try await interpreter.execute(line: "set wait limit 2m")?.result.get() else {
      Issue.record("set wait limit gave no message")
      return
    }
    #expect(lines == ["wait limit: 120s"])
    #expect(try interpreter.session().inspection.waitLimit == .seconds(120))
    _ = try await interpreter.execute(line: "set wait limit none")?.result.get()
    #expect(try interpreter.session().inspection.waitLimit == nil)
    guard case .settings(let settings) = try await interpreter.execute(line: "info settings")?.result.get() else {
      Issue.record("info settings gave no settings")
      return
    }
    #expect(settings.waitLimit == nil)
    // A new session of the debugger keeps the setting.
    #expect(interpreter.debugger.options.waitLimit == nil)
  }

  @Test func aZeroOrMisspelledWaitLimitIsRefusedAtTheValue() throws {
    for (line, message) in [("set wait limit 0s", "ends before anything could happen"), ("set wait limit soon", "expected a duration")] {
      do {
        _ = try CommandParser().parse(line)
        Issue.record("'\(line)' parsed")
      } catch {
        #expect(error.column == 16, "\(line): \(error)")
        #expect(error.message.contains(message), "\(line): \(error.message)")
      }
    }
  }
}
