import Benchmark

/// What one run of a comparison measures: the figure and its baseline, in the comparison's
/// unit.
typealias Sample = (figure: Double, baseline: Double)

/// Registers `comparison` with package-benchmark: each run of the benchmark takes one
/// sample on the main actor, where stores live, and reports both values as custom metrics;
/// when the runs are done, the medians go to the report.
///
/// - Parameters:
///   - samples: How many samples to take (the first one warms up and is not kept).
///   - metrics: package-benchmark's own metrics for the whole run, both halves together.
func registerComparison(
  _ comparison: Comparison,
  samples: Int = 11,
  metrics: [BenchmarkMetric] = [.wallClock],
  _ sample: @escaping @MainActor () async -> Sample
) {
  registerComparisonWithAllowance(comparison, samples: samples, metrics: metrics) {
    (await sample(), allowance: 0)
  }
}

/// Registers `comparison` as ``registerComparison(_:samples:metrics:_:)`` does, for a
/// target that allows for a cost measured beside the figure and baseline in each sample.
func registerComparisonWithAllowance(
  _ comparison: Comparison,
  samples: Int = 11,
  metrics: [BenchmarkMetric] = [.wallClock],
  _ sample: @escaping @MainActor () async -> (Sample, allowance: Double)
) {
  let isWarmedUp = Flag()
  Benchmark(
    comparison.name,
    configuration: .init(
      metrics: metrics + comparison.metrics, warmupIterations: 0, maxDuration: .seconds(600), maxIterations: samples)
  ) { benchmark async in
    let (measured, allowance) = await sample()
    guard isWarmedUp.testAndSet() else { return }
    comparison.record(measured, allowance: allowance)
    comparison.reportMetrics(measured, allowance: allowance, to: benchmark)
  } teardown: {
    comparison.reportMedians()
  }
}
