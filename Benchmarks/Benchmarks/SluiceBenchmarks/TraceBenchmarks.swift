import BenchmarkFixtures
import Benchmark
import Foundation
import Sluice
import SluiceDebugger
import SluiceReporting

/// Benchmark 7: a session of 100,000 actions exported as a trace (`export trace`), against
/// saving it: both walk the whole history and write JSON. The target is the issue's: a
/// 100,000-action session exports in under a second. Measured here: 167k actions/s (save:
/// 347k/s); through `JSONEncoder` the export made 53k/s, four fifths of it writing JSON.
/// Since the engine describes the trace and `JSONValue`, the writer the protocol's events go
/// through, writes it: 60.4k instructions per action against 52.9k when the engine wrote
/// the bytes by hand (`SluiceInstructionCounts trace-export`), 14% more.
enum TraceBenchmarks {
  static let actionCount = 100_000

  static func register() {
    let export = Comparison(
      "7 export a trace of a session of 100k actions", figure: "trace export", baseline: "session save",
      unit: .perSecond, target: .atLeast(100_000))
    registerComparison(export, samples: 3) { measure() }
  }

  /// Actions per second exported as a trace, and saved.
  @MainActor
  static func measure() -> Sample {
    let session = DispatchBenchmarks.counterSession(historyLimit: actionCount)
    let store = session.inspection.store(of: Counter.State.self, Counter.Action.self)!
    for index in 0..<actionCount { store.send(Counter.actions[index & 63]) }
    let folder = FileManager.default.temporaryDirectory
    let trace = folder.appendingPathComponent("sluice-bench-trace-\(getpid()).json")
    let saved = folder.appendingPathComponent("sluice-bench-saved-\(getpid()).json").path
    defer {
      try? FileManager.default.removeItem(at: trace)
      try? FileManager.default.removeItem(atPath: saved)
    }
    let export = nanosecondsPerOperation(actionCount) {
      try! ExportedTrace(session.files.describeTrace(origin: "a benchmark")).json().write(to: trace)
    }
    let save = nanosecondsPerOperation(actionCount) { try! session.files.save(to: saved) }
    return (perSecond(export), perSecond(save))
  }
}
