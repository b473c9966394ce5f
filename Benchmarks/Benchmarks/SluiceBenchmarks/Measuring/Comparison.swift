import Benchmark
import Foundation
import Synchronization

/// One benchmark figure and the baseline it is judged against, both measured in the same
/// process, alternately, so that whatever the machine is doing weighs on both alike; and, for
/// a target that allows for it, an allowance measured beside them: a cost the figure must pay
/// and the baseline does not (benchmark 2's two clock readings).
///
/// Each call of a benchmark's closure adds one sample of each; at teardown the medians are
/// reported to package-benchmark as custom metrics and, when `SLUICE_BENCH_REPORT` names a
/// file, appended to it as one row of the table `Scripts/bench` prints.
final class Comparison: Sendable {
  /// What a figure counts, which decides how it is printed and which way is better.
  enum Unit: String, Sendable {
    /// Nanoseconds per operation: smaller is better.
    case nanoseconds
    /// Operations per second: larger is better.
    case perSecond
    /// Bytes: smaller is better.
    case bytes
    /// A plain count per operation (allocations): smaller is better.
    case count
  }

  /// What the figure must reach for the benchmark's target to be met.
  enum Target: Sendable {
    /// figure ÷ baseline at most this.
    case ratioAtMost(Double)
    /// The figure itself at most this, in the figure's unit.
    case atMost(Double)
    /// The figure itself at least this, in the figure's unit.
    case atLeast(Double)
    /// figure at most the baseline, `times` the baseline again, and the allowance measured in
    /// the same run.
    case atMostBaselinePlus(times: Double)
    /// No target: the figure is reported for what it is.
    case none
  }

  let name: String
  let figureName: String
  let baselineName: String
  /// What the allowance measures, for a target of `.atMostBaselinePlus`; nil otherwise.
  let allowanceName: String?
  let unit: Unit
  let target: Target
  private let samples = Mutex<(figure: [Double], baseline: [Double], allowance: [Double])>(([], [], []))

  init(
    _ name: String, figure figureName: String, baseline baselineName: String,
    allowance allowanceName: String? = nil, unit: Unit, target: Target
  ) {
    if case .atMostBaselinePlus = target {
      precondition(allowanceName != nil, "\(name): a target of baseline plus an allowance needs the allowance")
    }
    self.name = name
    self.figureName = figureName
    self.baselineName = baselineName
    self.allowanceName = allowanceName
    self.unit = unit
    self.target = target
  }

  /// Adds one sample of each.
  func record(_ sample: Sample, allowance: Double) {
    samples.withLock {
      $0.figure.append(sample.figure)
      $0.baseline.append(sample.baseline)
      $0.allowance.append(allowance)
    }
  }

  /// The median of each value the samples measured.
  typealias Medians = (figure: Double, baseline: Double, allowance: Double)

  /// The medians so far.
  var medians: Medians {
    samples.withLock { (Self.median($0.figure), Self.median($0.baseline), Self.median($0.allowance)) }
  }

  /// The custom metrics package-benchmark shows for this comparison, figure, baseline and
  /// allowance if any; nanoseconds are kept as picoseconds, since custom metrics are integers.
  var metrics: [BenchmarkMetric] {
    let polarity: BenchmarkMetric.Polarity = unit == .perSecond ? .prefersLarger : .prefersSmaller
    let suffix = unit == .nanoseconds ? " (ps)" : ""
    return ([figureName, baselineName] + (allowanceName.map { [$0] } ?? [])).map {
      .custom($0 + suffix, polarity: polarity, useScalingFactor: false)
    }
  }

  /// Reports one sample to package-benchmark, as the custom metrics.
  func reportMetrics(_ sample: Sample, allowance: Double, to benchmark: Benchmark) {
    let scale = unit == .nanoseconds ? 1000.0 : 1.0
    for (metric, value) in zip(metrics, [sample.figure, sample.baseline, allowance]) {
      benchmark.measurement(metric, Int((value * scale).rounded()))
    }
  }

  /// Appends the medians, the ratio and the verdict as a row of the file that
  /// `SLUICE_BENCH_REPORT` names, if it names one.
  func reportMedians() {
    let sample = medians
    guard let path = ProcessInfo.processInfo.environment["SLUICE_BENCH_REPORT"] else { return }
    let ratio = sample.baseline == 0 ? Double.nan : sample.figure / sample.baseline
    var baselineText = "\(baselineName): \(Self.format(sample.baseline, unit))"
    if let allowanceName {
      baselineText += "; \(allowanceName): \(Self.format(sample.allowance, unit))"
    }
    let row = [
      name, "\(figureName): \(Self.format(sample.figure, unit))", baselineText,
      ratio.isFinite ? String(format: "%.2f×", ratio) : "–",
      targetText(sample), verdict(sample, ratio: ratio),
    ].joined(separator: "\t")
    Self.append(row + "\n", to: path)
  }

  private func targetText(_ sample: Medians) -> String {
    switch target {
    case .ratioAtMost(let limit): String(format: "≤ %g×", limit)
    case .atMost(let limit): "≤ " + Self.format(limit, unit)
    case .atLeast(let limit): "≥ " + Self.format(limit, unit)
    case .atMostBaselinePlus(let times):
      String(format: "≤ baseline + %g× it + allowance = ", times)
        + Self.format(bound(sample, times: times), unit)
    case .none: "–"
    }
  }

  private func verdict(_ sample: Medians, ratio: Double) -> String {
    let isMet: Bool
    switch target {
    case .ratioAtMost(let limit): isMet = ratio <= limit
    case .atMost(let limit): isMet = sample.figure <= limit
    case .atLeast(let limit): isMet = sample.figure >= limit
    case .atMostBaselinePlus(let times): isMet = sample.figure <= bound(sample, times: times)
    case .none: return "–"
    }
    return isMet ? "met" : "MISSED"
  }

  /// The most `.atMostBaselinePlus(times:)` allows: the baseline, `times` it again, and the
  /// allowance.
  private func bound(_ sample: Medians, times: Double) -> Double {
    sample.baseline + times * sample.baseline + sample.allowance
  }

  static func median(_ values: [Double]) -> Double {
    guard !values.isEmpty else { return .nan }
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }

  static func format(_ value: Double, _ unit: Unit) -> String {
    switch unit {
    case .nanoseconds:
      if value >= 1_000_000 { return String(format: "%.2f ms", value / 1_000_000) }
      if value >= 1_000 { return String(format: "%.2f µs", value / 1_000) }
      return String(format: "%.2f ns", value)
    case .perSecond:
      if value >= 1_000_000 { return String(format: "%.2fM/s", value / 1_000_000) }
      if value >= 1_000 { return String(format: "%.1fk/s", value / 1_000) }
      return String(format: "%.0f/s", value)
    case .bytes:
      if value >= 1_048_576 { return String(format: "%.1f MiB", value / 1_048_576) }
      if value >= 1_024 { return String(format: "%.1f KiB", value / 1_024) }
      return String(format: "%.0f B", value)
    case .count:
      return String(format: "%.6f", value)
    }
  }

  /// Appends with `O_APPEND`, so rows from the harness's separate processes never interleave.
  private static func append(_ text: String, to path: String) {
    let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT, 0o644)
    guard descriptor >= 0 else { return }
    defer { close(descriptor) }
    var text = text
    text.withUTF8 { bytes in _ = write(descriptor, bytes.baseAddress, bytes.count) }
  }
}
