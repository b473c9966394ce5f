import BenchmarkFixtures
import Benchmark
import SluiceDebugger

/// Benchmark 5: the engine's diff, against `==` on the same two values.
enum DiffBenchmarks {
  static func register() {
    let small = Comparison(
      "5 diff: one-field struct", figure: "StateDiff", baseline: "==", unit: .nanoseconds,
      target: .atMost(1_000))
    registerComparison(small) {
      let old = DiffStates.Small(count: 1)
      let new = DiffStates.Small(count: 2)
      return timeDiff(old, new, repetitions: 100_000)
    }

    // The same struct listing its field, as `@Inspectable` generates: read without a mirror.
    let inspectable = Comparison(
      "5 diff: one-field struct, @Inspectable", figure: "StateDiff", baseline: "==", unit: .nanoseconds,
      target: .atMost(1_000))
    registerComparison(inspectable) {
      let old = DiffStates.InspectableSmall(count: 1)
      let new = DiffStates.InspectableSmall(count: 2)
      return timeDiff(old, new, repetitions: 100_000)
    }

    let (oldItems, newItems) = DiffStates.largePair()
    let large = Comparison(
      "5 diff: 10,000 structs, one changed", figure: "StateDiff", baseline: "==",
      unit: .nanoseconds, target: .atMost(200_000))
    registerComparison(large) { timeDiff(oldItems, newItems, repetitions: 100) }

    let shared = Comparison(
      "5 diff: equal states sharing storage", figure: "StateDiff", baseline: "==",
      unit: .nanoseconds, target: .atMost(1_000))
    registerComparison(shared) {
      let copy = oldItems
      return timeDiff(oldItems, copy, repetitions: 100_000)
    }
  }

  static func timeDiff<Value: Equatable>(_ old: Value, _ new: Value, repetitions: Int) -> Sample {
    let equality = nanosecondsPerOperation(repetitions) {
      for _ in 0..<repetitions { blackHole(old == new) }
    }
    let diff = nanosecondsPerOperation(repetitions) {
      for _ in 0..<repetitions { blackHole(StateDiff(from: old, to: new).changedPaths.count) }
    }
    return (diff, equality)
  }
}
