import BenchmarkFixtures
import Benchmark
import Sluice
import SluiceDebugger
import SluiceReporting

/// Benchmark 6: a script of 1,000,000 `send` lines through the machinery of `sluice run`,
/// against the same actions sent to the same kind of session as typed values.
enum ScriptBenchmarks {
  static let lineCount = 1_000_000

  static func register() {
    for (display, target) in [(DiffDisplay.off, 1_000_000.0), (.summary, 200_000)] {
      let comparison = Comparison(
        "6 script of 1M send lines, diff \(display.rawValue)", figure: "sluice run lines",
        baseline: "typed sends to the session", unit: .perSecond, target: .atLeast(target))
      registerComparison(comparison, samples: 3) {
        let baseline = DispatchBenchmarks.sendAll(
          Counter.actions, toSessionOf: DispatchBenchmarks.counterSession())
        return (perSecond(await runScript(diff: display)), perSecond(baseline))
      }
    }
  }

  /// Nanoseconds per line for running the script.
  @MainActor
  static func runScript(diff: DiffDisplay) async -> Double {
    let debugger = Debugger(
      registry: FeatureRegistry([DispatchBenchmarks.counterFeature]),
      options: DispatchBenchmarks.sessionOptions())
    let runner = ScriptRunner(
      interpreter: CommandInterpreter(debugger: debugger), output: DiscardingOutput())
    await runner.run(ScriptSource(name: "setup", text: "use counter\nset diff \(diff.rawValue)\n"))
    let source = ScriptSource(name: "bench", text: script)
    let start = ContinuousClock.now
    await runner.run(source)
    let elapsed = ContinuousClock.now - start
    precondition(runner.status == .success, "the benchmark script failed")
    return elapsed / .nanoseconds(1) / Double(lineCount)
  }

  /// The script: the counter's actions, written as a user would, one per line.
  static let script: String = {
    var text = ""
    text.reserveCapacity(lineCount * 16)
    for index in 0..<lineCount {
      switch index % 4 {
      case 0: text += "send .increment\n"
      case 1: text += "send .add(\(index % 1000))\n"
      case 2: text += ".decrement\n"
      default: text += "send .add(-\(index % 7))\n"
      }
    }
    return text
  }()
}

/// Output nobody reads: the benchmark measures producing it, not a terminal.
@MainActor
final class DiscardingOutput: ScriptOutput {
  func write(_ line: String, to channel: OutputChannel) {}
}
