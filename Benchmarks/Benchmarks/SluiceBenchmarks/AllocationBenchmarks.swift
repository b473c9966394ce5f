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

    let runTrip = Comparison(
      "11 allocations per .run round trip", figure: "mallocs per await send(.start).finish()",
      baseline: "mallocs per two direct calls", unit: .count, target: .atMost(3))
    registerComparison(runTrip, metrics: [.wallClock, .mallocCountTotal]) {
      let trips = 10_000
      let store = Store(initialState: RunTrip.State(), reducer: RunTrip())
      // `directCalls` makes `sends` calls: half as many trips of two.
      let direct = mallocs(per: DispatchBenchmarks.sends / 2) {
        _ = DispatchBenchmarks.directCalls(of: RunTrip(), initialState: RunTrip.State(), [.start, .done])
      }
      let before = MallocInterposerSwift.getStatistics().mallocCount
      _ = await DispatchBenchmarks.runTrips(trips, on: store)
      let after = MallocInterposerSwift.getStatistics().mallocCount
      return (Double(after - before) / Double(trips), direct)
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
