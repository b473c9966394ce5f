import BenchmarkFixtures
import Benchmark
import Foundation
import Sluice
import SluiceDebugger

/// Benchmark 7: saving and loading (with replay) a session of 100,000 actions, against
/// encoding and decoding the bare action log with the same JSON coder.
enum SessionFileBenchmarks {
  static let actionCount = 100_000

  static func register() {
    let save = Comparison(
      "7 save a session of 100k actions", figure: "session save", baseline: "JSON-encode the actions",
      unit: .perSecond, target: .atLeast(300_000))
    let load = Comparison(
      "7 load a session of 100k actions", figure: "session load with replay",
      baseline: "JSON-decode the actions + reduce them", unit: .perSecond, target: .atLeast(300_000))
    let size = Comparison(
      "7 session file size", figure: "bytes per action on disk", baseline: "JSON of the action alone",
      unit: .bytes, target: .none)
    registerComparison(save, samples: 4) { measure().save }
    registerComparison(load, samples: 4) { measure().load }
    registerComparison(size, samples: 2) { measure().size }
    registerGrowingSaves()
  }

  /// Saving a session whose state grows by one item an action (a Todos list of N `.add`s),
  /// against sending the same actions, at three sizes. A save that digests the whole state
  /// after every entry is quadratic, its ratio doubling with N; on a schedule linear in the
  /// log (the one load checks by), the ratio stays put: about 3 at 2k and 4k, where
  /// digesting every entry gave 40, 77 and 129. At 1k the save's fixed costs (the file's
  /// fsync above all) weigh more per action, 4 to 6 on a shared machine: the target leaves
  /// room for that and for noise, and still fails a quadratic save at every size.
  static func registerGrowingSaves() {
    for adds in [1_000, 2_000, 4_000] {
      let name = "\(adds / 1_000)k"
      let comparison = Comparison(
        "7 save a growing Todos session of \(name) adds", figure: "save \(name) growing",
        baseline: "send \(name) adds", unit: .nanoseconds, target: .ratioAtMost(8))
      registerComparison(comparison, samples: 3) { growingSave(adds: adds) }
    }
  }

  /// Nanoseconds per action to save a Todos session of `adds` `.add`s, and to send them.
  @MainActor
  static func growingSave(adds: Int) -> Sample {
    let debugger = Debugger(
      registry: FeatureRegistry([ComplexityBenchmarks.todosFeature]),
      options: DispatchBenchmarks.sessionOptions(historyLimit: adds))
    let session = try! debugger.use("todos")
    let store = session.inspection.store(of: TodoList.State.self, TodoList.Action.self)!
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("sluice-bench-growing-\(getpid()).json").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let send = nanosecondsPerOperation(adds) {
      for index in 0..<adds { store.send(.add(title: "item \(index)")) }
    }
    let save = nanosecondsPerOperation(adds) { try! session.files.save(to: path) }
    return (save, send)
  }

  @MainActor
  static func measure() -> (save: Sample, load: Sample, size: Sample) {
    let actions = (0..<actionCount).map { Counter.actions[$0 & 63] }
    let session = DispatchBenchmarks.counterSession(historyLimit: actionCount)
    let store = session.inspection.store(of: Counter.State.self, Counter.Action.self)!
    for action in actions { store.send(action) }
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("sluice-bench-\(getpid()).json").path
    defer { try? FileManager.default.removeItem(atPath: path) }

    var encoded = Data()
    let encode = nanosecondsPerOperation(actionCount) { encoded = try! JSONEncoder().encode(actions) }
    let saveTime = nanosecondsPerOperation(actionCount) { try! session.files.save(to: path) }
    let decode = nanosecondsPerOperation(actionCount) {
      var state = Counter.State()
      for action in try! JSONDecoder().decode([Counter.Action].self, from: encoded) {
        _ = Counter().reduce(into: &state, action: action)
      }
      blackHole(state)
    }
    let fresh = DispatchBenchmarks.counterSession(historyLimit: actionCount)
    let loadTime = nanosecondsPerOperation(actionCount) { _ = try! fresh.files.load(from: path) }
    let fileSize = (try! FileManager.default.attributesOfItem(atPath: path)[.size] as! NSNumber).doubleValue
    return (
      (perSecond(saveTime), perSecond(encode)),
      (perSecond(loadTime), perSecond(decode)),
      (fileSize / Double(actionCount), Double(encoded.count) / Double(actionCount))
    )
  }
}
