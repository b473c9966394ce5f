import Benchmark
import Foundation
import Synchronization

/// One benchmark figure and the baseline it is judged against, both measured in the same
/// process, alternately, so that whatever the machine is doing weighs on both alike.
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
    /// No target: the figure is reported for what it is.
    case none
  }

  let name: String
  let figureName: String
  let baselineName: String
  let unit: Unit
  let target: Target
  private let samples = Mutex<(figure: [Double], baseline: [Double])>(([], []))

  init(
    _ name: String, figure figureName: String, baseline baselineName: String, unit: Unit,
    target: Target
  ) {
    self.name = name
    self.figureName = figureName
    self.baselineName = baselineName
    self.unit = unit
    self.target = target
  }

  /// Adds one sample of each.
  func record(figure: Double, baseline: Double) {
    samples.withLock {
      $0.figure.append(figure)
      $0.baseline.append(baseline)
    }
  }

  /// The medians so far.
  var medians: (figure: Double, baseline: Double) {
    samples.withLock { (Self.median($0.figure), Self.median($0.baseline)) }
  }

  /// The two custom metrics package-benchmark shows for this comparison; nanoseconds are
  /// kept as picoseconds, since custom metrics are integers.
  var metrics: [BenchmarkMetric] {
    let polarity: BenchmarkMetric.Polarity = unit == .perSecond ? .prefersLarger : .prefersSmaller
    let suffix = unit == .nanoseconds ? " (ps)" : ""
    return [figureName, baselineName].map {
      .custom($0 + suffix, polarity: polarity, useScalingFactor: false)
    }
  }

  /// Reports one sample to package-benchmark, as the two custom metrics.
  func reportMetrics(figure: Double, baseline: Double, to benchmark: Benchmark) {
    let scale = unit == .nanoseconds ? 1000.0 : 1.0
    benchmark.measurement(metrics[0], Int((figure * scale).rounded()))
    benchmark.measurement(metrics[1], Int((baseline * scale).rounded()))
  }

  /// Appends the medians, the ratio and the verdict as a row of the file that
  /// `SLUICE_BENCH_REPORT` names, if it names one.
  func reportMedians() {
    let (figure, baseline) = medians
    guard let path = ProcessInfo.processInfo.environment["SLUICE_BENCH_REPORT"] else { return }
    let ratio = baseline == 0 ? Double.nan : figure / baseline
    let row = [
      name, "\(figureName): \(Self.format(figure, unit))",
      "\(baselineName): \(Self.format(baseline, unit))",
      ratio.isFinite ? String(format: "%.2f×", ratio) : "–",
      targetText, verdict(figure: figure, ratio: ratio),
    ].joined(separator: "\t")
    Self.append(row + "\n", to: path)
  }

  private var targetText: String {
    switch target {
    case .ratioAtMost(let limit): String(format: "≤ %g×", limit)
    case .atMost(let limit): "≤ " + Self.format(limit, unit)
    case .atLeast(let limit): "≥ " + Self.format(limit, unit)
    case .none: "–"
    }
  }

  private func verdict(figure: Double, ratio: Double) -> String {
    let isMet: Bool
    switch target {
    case .ratioAtMost(let limit): isMet = ratio <= limit
    case .atMost(let limit): isMet = figure <= limit
    case .atLeast(let limit): isMet = figure >= limit
    case .none: return "–"
    }
    return isMet ? "met" : "MISSED"
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
