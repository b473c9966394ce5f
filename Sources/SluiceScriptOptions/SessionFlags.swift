import ArgumentParser
import Sluice
import SluiceDebugger
import SluiceReporting

/// The options both `sluice` and `sluice run` take for the sessions they open, and a
/// script's `# sluice:` header may declare: time, the cycle detector, the history limit and
/// the wait limit.
package struct SessionFlags: ParsableArguments {
  @Flag(help: "Use virtual time, moved only by `advance` (and by stepping through sleeps).")
  package var virtualClock = false

  @Flag(help: "Use the real clock: the default, except for scripts run as tests (SluiceScript).")
  package var realClock = false

  @Option(
    help: ArgumentHelp(
      "What to do when the cycle detector fires: pause, break or warn (default: pause in the shell, break in `run`).",
      valueName: "policy"))
  package var cyclePolicy: CyclePolicy?

  @Option(help: ArgumentHelp("Fire when one action case is reduced more than N times within the window (or 'off').", valueName: "N"))
  package var cycleLimit: CycleCount?

  @Option(help: ArgumentHelp("The cycle detector's window, in the session's time (default 1s).", valueName: "duration"))
  package var cycleWindow: CycleWindow?

  @Option(help: ArgumentHelp("Fire when a causal chain is deeper than N (or 'off'; default 50).", valueName: "N"))
  package var cycleDepth: CycleCount?

  @Option(help: ArgumentHelp("History entries to keep before folding the oldest (default 10000).", valueName: "N"))
  package var historyLimit: Int?

  @Option(
    help: ArgumentHelp(
      "The longest `wait`, `continue`, `advance` and stepping wait in real time for jobs that show no progress, or 'none' (default 30s).",
      valueName: "duration"))
  package var waitLimit: WaitLimit?

  package init() {}

  package func validate() throws {
    if virtualClock && realClock {
      throw ValidationError("--virtual-clock and --real-clock contradict each other: give one")
    }
    if let historyLimit, !(1...10_000_000).contains(historyLimit) {
      throw ValidationError("--history-limit takes a whole number from 1 to 10000000, not \(historyLimit)")
    }
  }

  /// The session options these flags ask for, over `defaultPolicy`.
  package func options(defaultPolicy: CyclePolicy) -> SessionOptions {
    var options = SessionOptions(usesVirtualClock: virtualClock)
    options.cycleDetection.policy = defaultPolicy
    options.cycleOverrides = CycleOverrides(
      policy: cyclePolicy, limit: cycleLimit.map(\.value), window: cycleWindow?.duration,
      depth: cycleDepth.map(\.value))
    if let historyLimit { options.historyLimit = historyLimit }
    if let waitLimit { options.waitLimit = waitLimit.duration }
    options.virtualClockHint = "start with --virtual-clock"
    return options
  }

  /// The flags as arguments again, to hand them on to `sluice run`.
  package var arguments: [String] {
    var arguments: [String] = []
    if virtualClock { arguments.append("--virtual-clock") }
    if realClock { arguments.append("--real-clock") }
    if let cyclePolicy { arguments += ["--cycle-policy", cyclePolicy.rawValue] }
    if let cycleLimit { arguments += ["--cycle-limit", cycleLimit.text] }
    if let cycleWindow { arguments += ["--cycle-window", cycleWindow.text] }
    if let cycleDepth { arguments += ["--cycle-depth", cycleDepth.text] }
    if let historyLimit { arguments += ["--history-limit", String(historyLimit)] }
    if let waitLimit { arguments += ["--wait-limit", waitLimit.text] }
    return arguments
  }
}

extension CyclePolicy: ExpressibleByArgument {}

/// A count from 1 to a million, or `off`.
package struct CycleCount: ExpressibleByArgument {
  package let value: Int?
  package let text: String

  package init?(argument: String) {
    if argument.lowercased() == "off" {
      value = nil
    } else {
      guard let count = Int(argument), (1...1_000_000).contains(count) else { return nil }
      value = count
    }
    text = argument
  }
}

/// A positive duration: `500ms`, `2s`.
package struct CycleWindow: ExpressibleByArgument {
  package let duration: Duration
  package let text: String

  package init?(argument: String) {
    guard let duration = try? DurationText.parse(argument), duration > .zero else { return nil }
    self.duration = duration
    text = argument
  }
}

/// A wait limit: a positive duration (`30s`, `2m`), or `none` for no real-time bound.
package struct WaitLimit: ExpressibleByArgument {
  /// The limit; `nil` for none.
  package let duration: Duration?
  package let text: String

  package init?(argument: String) {
    guard let duration = try? DurationText.parse(limit: argument) else { return nil }
    self.duration = duration
    text = argument
  }
}

extension SessionFlags {
  /// These flags, with `declared` filling in what these leave unset.
  package func merged(over declared: SessionFlags) -> SessionFlags {
    var merged = self
    // A clock given here wins over the one declared.
    if !virtualClock && !realClock {
      merged.virtualClock = declared.virtualClock
      merged.realClock = declared.realClock
    }
    merged.cyclePolicy = cyclePolicy ?? declared.cyclePolicy
    merged.cycleLimit = cycleLimit ?? declared.cycleLimit
    merged.cycleWindow = cycleWindow ?? declared.cycleWindow
    merged.cycleDepth = cycleDepth ?? declared.cycleDepth
    merged.historyLimit = historyLimit ?? declared.historyLimit
    merged.waitLimit = waitLimit ?? declared.waitLimit
    return merged
  }
}

