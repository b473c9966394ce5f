import BenchmarkFixtures
import Benchmark
import SluiceReporting

/// Benchmark 16: `why PATH` and `history PATH` on a session of 100,000 entries, for a path the
/// first entry set (each walks every entry), against `log changed PATH`, which walks the same
/// entries to list them: each answers in under 10 ms (``HistoryQuestions``). Beside them,
/// `bisect` at its best and worst and `trace` over the past, for what they cost.
enum HistoryQuestionsBenchmarks {
  /// Questions asked per sample.
  static let rounds = 20

  static func register() {
    let baseline = HistoryQuestions.questions.last!
    let asked = HistoryQuestions.questions.dropLast().map { ($0.line, Comparison.Target.atMost(10_000_000)) }
      + HistoryQuestions.otherQuestions.map { ($0.line, $0.target.map(Comparison.Target.atMost) ?? .none) }
    for (line, target) in asked {
      // A script's first line names it (`trace`'s second deletes the log point it made).
      let shown = line.split(separator: "\n").first.map(String.init) ?? line
      let comparison = Comparison(
        "16 \(shown) on 100,000 entries", figure: shown, baseline: baseline.line, unit: .nanoseconds, target: target)
      registerComparison(comparison, samples: 5) {
        let runner = await HistoryQuestions.runner()
        // Asked once before the clock starts, as a session asked anything has been.
        await runner.run(HistoryQuestions.script(baseline.line))
        let figure = await time(line, on: runner)
        let base = await time(baseline.line, on: runner)
        precondition(runner.status == .success, "a question failed")
        return (figure, base)
      }
    }
  }

  /// Nanoseconds per answer of `line`.
  @MainActor
  private static func time(_ line: String, on runner: ScriptRunner) async -> Double {
    let script = HistoryQuestions.script(line)
    let start = ContinuousClock.now
    for _ in 0..<rounds { await runner.run(script) }
    return (ContinuousClock.now - start) / .nanoseconds(1) / Double(rounds)
  }
}
