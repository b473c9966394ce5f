import BenchmarkFixtures
import Benchmark
import MallocInterposerSwift
import Sluice

/// Benchmark 9: allocations per `send`, counted by package-benchmark's malloc interposer,
/// against the reducer called directly.
enum AllocationBenchmarks {
  static func register() {
    let comparison = Comparison(
      "9 allocations per send", figure: "mallocs per store.send", baseline: "mallocs per direct call",
      unit: .count, target: .atMost(0.001))
    registerComparison(comparison, metrics: [.wallClock, .mallocCountTotal]) {
      let sends = DispatchBenchmarks.sends
      let store = Store(initialState: Counter.State(), reducer: Counter())
      let direct = mallocs(per: sends) {
        _ = DispatchBenchmarks.directCalls(of: Counter(), initialState: Counter.State(), Counter.actions)
      }
      let sent = mallocs(per: sends) { _ = DispatchBenchmarks.sendAll(Counter.actions, to: store) }
      return (sent, direct)
    }
  }

  /// Allocations per operation while `body` performs `operations` of them.
  @MainActor
  static func mallocs(per operations: Int, _ body: () -> Void) -> Double {
    let before = MallocInterposerSwift.getStatistics().mallocCount
    body()
    let after = MallocInterposerSwift.getStatistics().mallocCount
    return Double(after - before) / Double(operations)
  }
}
