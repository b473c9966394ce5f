import Sluice
import SluiceDebugger
import SluiceReporting

/// Benchmark 16's session: a count and its step over 100,000 entries, the step set by the
/// first and the count changed by every other, each entry's changed paths recorded as the shell records
/// them; and the questions asked of it, each a line through the JSON protocol's runner.
@MainActor
public enum HistoryQuestions {
  /// How many entries the session holds.
  public static let entryCount = 100_000

  /// The questions, by name: the step, set once at #1, so each walks back through every entry.
  public nonisolated static let questions: [(name: String, line: String)] = [
    ("why", "why step"), ("history", "history step"), ("log changed", "log changed step"),
  ]

  /// Questions reported without a target, beside `log changed step`: `bisect` on the step
  /// (one entry changed it: one state tested) and on the count (every entry changed it: every
  /// state tested, its worst case), and a log point over the past (every entry's case read),
  /// deleted again so that rounds do not pile log points up.
  public nonisolated static let otherQuestions: [(name: String, line: String, target: Double?)] = [
    ("bisect step", "bisect step == 2", 10_000_000), ("bisect count", "bisect count >= 100000", nil),
    ("trace", "trace setStep print step count\ndelete", nil),
  ]

  /// A JSON protocol session (`sluice run --json`) of the counter with the entries sent.
  public static func runner() async -> ScriptRunner {
    var cycleDetection = CycleDetection.default
    cycleDetection.frequency = nil
    // The summary records what each action changed, as the shell's full diff does.
    let options = SessionOptions(cycleDetection: cycleDetection, historyLimit: entryCount, diffDisplay: .summary)
    let feature = Feature("stepper", summary: "A count and its step", initialState: Stepper.State()) { _ in Stepper() }
    let debugger = Debugger(registry: FeatureRegistry([feature]), options: options)
    let session = try! debugger.use("stepper")
    let store = session.inspection.store(of: Stepper.State.self, Stepper.Action.self)!
    store.send(.setStep(2))
    for _ in 1..<entryCount { store.send(.increment) }
    _ = session.inspection.takeEvents()
    return ScriptRunner(interpreter: CommandInterpreter(debugger: debugger), output: Discarded(), format: .json)
  }

  /// A script of one line.
  public static func script(_ line: String) -> ScriptSource { ScriptSource(name: "question", text: line + "\n") }

  /// Output nobody reads.
  final class Discarded: ScriptOutput {
    func write(_ line: String, to channel: OutputChannel) {}
  }
}
