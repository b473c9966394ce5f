import BenchmarkFixtures
import Benchmark

/// Benchmark 17: `shrink` on a seeded session of 200 actions whose last count reaches a
/// threshold (``ShrinkCase``): how many replays ddmin runs to a 1-minimal result, against the
/// 200 actions, and how long the whole search takes, against sending the 200 actions once.
/// Reported without targets: what a replay costs is the feature's.
enum ShrinkBenchmarks {
  static func register() {
    registerComparison(
      Comparison(
        "17 shrink replays on 200 actions", figure: "replays", baseline: "root actions", unit: .count, target: .none),
      samples: 3
    ) {
      let replays = await ShrinkCase.shrink(ShrinkCase.session())
      return (Double(replays), Double(ShrinkCase.actionCount))
    }
    registerComparison(
      Comparison(
        "17 shrink time on 200 actions", figure: "shrink", baseline: "sending the 200 actions", unit: .nanoseconds,
        target: .none),
      samples: 3
    ) {
      let session = ShrinkCase.session()
      let start = ContinuousClock.now
      _ = await ShrinkCase.shrink(session)
      let shrink = (ContinuousClock.now - start) / .nanoseconds(1)
      let sendStart = ContinuousClock.now
      ShrinkCase.sendAll()
      return (shrink, (ContinuousClock.now - sendStart) / .nanoseconds(1))
    }
  }
}
