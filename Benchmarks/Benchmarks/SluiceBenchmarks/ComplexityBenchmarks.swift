import BenchmarkFixtures
import Benchmark
import Foundation
import Sluice
import SluiceDebugger

/// Benchmark 10: work that must grow linearly with its input, measured at two sizes in the
/// same run. The figure is the time at twice the size, the baseline the time at the size:
/// a ratio near 2 is linear, near 4 quadratic. The target, 2.6, leaves room for noise and
/// caches but not for a quadratic path.
enum ComplexityBenchmarks {
  static func register() {
    let condition = Comparison(
      "10 expect with a 20,000- vs 10,000-character path", figure: "parse 20k path",
      baseline: "parse 10k path", unit: .nanoseconds, target: .ratioAtMost(2.6))
    let load = Comparison(
      "10 load 20,000 vs 10,000 breakpoints and actions", figure: "load 20k", baseline: "load 10k",
      unit: .nanoseconds, target: .ratioAtMost(2.6))
    let send = Comparison(
      "10 send .add into a Todos list of 10,000 vs 5,000", figure: "send into 10k", baseline: "send into 5k",
      unit: .nanoseconds, target: .ratioAtMost(2.6))
    registerComparison(condition, samples: 6) { (parseExpectation(pathLength: 20_000), parseExpectation(pathLength: 10_000)) }
    registerComparison(load, samples: 4) { (loadSession(size: 20_000), loadSession(size: 10_000)) }
    registerComparison(send, samples: 6) { (sendAdds(listSize: 10_000), sendAdds(listSize: 5_000)) }
  }

  /// Nanoseconds to parse `expect a.a.….a == 1` with a path of about `pathLength` characters.
  static func parseExpectation(pathLength: Int) -> Double {
    let path = Array(repeating: "a", count: pathLength / 2).joined(separator: ".")
    let line = "expect \(path) == 1"
    return nanosecondsPerOperation(1) { blackHole(try! CommandParser().parse(line)) }
  }

  /// Nanoseconds to load a counter session with `size` actions and `size` breakpoints.
  @MainActor
  static func loadSession(size: Int) -> Double {
    let session = DispatchBenchmarks.counterSession(historyLimit: size)
    let store = session.inspection.store(of: Counter.State.self, Counter.Action.self)!
    for index in 0..<size { store.send(Counter.actions[index & 63]) }
    for index in 0..<size {
      let kind: Breakpoint.Kind =
        index.isMultiple(of: 2)
        ? .action(pattern: "add", condition: try! StateCondition(parsing: "count > \(index)"))
        : .watch(path: try! StatePath(parsing: "step"))
      _ = try! session.breakpointControl.addBreakpoint(kind, isOneShot: false, ignoreCount: index % 5)
    }
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("sluice-bench-load-\(getpid()).json").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    try! session.files.save(to: path)
    let fresh = DispatchBenchmarks.counterSession(historyLimit: size)
    return nanosecondsPerOperation(1) { _ = try! fresh.files.load(from: path) }
  }

  static let todosFeature = Feature("todos", summary: "a list", initialState: TodoList.State()) { _ in TodoList() }

  /// Nanoseconds per `.add` sent through the debugger into a list of `listSize` items.
  @MainActor
  static func sendAdds(listSize: Int) -> Double {
    let debugger = Debugger(
      registry: FeatureRegistry([todosFeature]), options: DispatchBenchmarks.sessionOptions(historyLimit: 1_000))
    let session = try! debugger.use("todos")
    let store = session.inspection.store(of: TodoList.State.self, TodoList.Action.self)!
    store.send(.loaded((1...listSize).map { TodoList.Todo(id: $0, title: "item \($0)") }))
    let sends = 200
    return nanosecondsPerOperation(sends) {
      for index in 0..<sends { store.send(.add(title: "new \(index)")) }
    }
  }
}
