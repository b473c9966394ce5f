import BenchmarkFixtures
import Benchmark

/// Benchmark 15: what an editor's view of a stopped store costs through `sluice dap`
/// (`stackTrace`, `scopes`, the state's `variables`) on a session of 10,000 entries, against
/// the same answers through the JSON protocol, in the same sample (``EditorRound``). The
/// adapter asks the engine for more than the view (where the history begins and ends, the
/// state before the entry) and writes a second JSON: within twice the protocol's time.
enum EditorBenchmarks {
  /// Rounds per sample, each of the three requests.
  static let rounds = 200

  static func register() {
    let comparison = Comparison(
      "15 DAP stackTrace+scopes+variables at #10,000", figure: "a DAP round",
      baseline: "the same answers, JSON protocol", unit: .nanoseconds, target: .ratioAtMost(2))
    registerComparison(comparison, samples: 5) {
      let adapter = await EditorRound.launchedAdapter()
      let runner = await EditorRound.protocolRunner()
      var bytes = 0
      let adapterStart = ContinuousClock.now
      for round in 0..<rounds { bytes += await EditorRound.adapterRound(adapter, seq: 10 + round * 3) }
      let adapterTime = ContinuousClock.now - adapterStart
      let protocolStart = ContinuousClock.now
      for _ in 0..<rounds { await runner.run(EditorRound.protocolRound) }
      let protocolTime = ContinuousClock.now - protocolStart
      precondition(bytes > 0 && runner.status == .success)
      return (adapterTime / .nanoseconds(1) / Double(rounds), protocolTime / .nanoseconds(1) / Double(rounds))
    }
  }
}
