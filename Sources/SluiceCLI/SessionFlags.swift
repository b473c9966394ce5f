import ArgumentParser
import Sluice
import SluiceDebugger
import SluiceReporting

/// The options both `sluice` and `sluice run` take for the sessions they open: time, the
/// cycle detector and the history limit.
struct SessionFlags: ParsableArguments {
  @Flag(help: "Use virtual time, moved only by `advance` (and by stepping through sleeps).")
  var virtualClock = false

  @Option(
    help: ArgumentHelp(
      "What to do when the cycle detector fires: pause, break or warn (default: pause in the shell, break in `run`).",
      valueName: "policy"))
  var cyclePolicy: CyclePolicy?

  @Option(help: ArgumentHelp("Fire when one action case is reduced more than N times within the window (or 'off').", valueName: "N"))
  var cycleLimit: CycleCount?

  @Option(help: ArgumentHelp("The cycle detector's window, in the session's time (default 1s).", valueName: "duration"))
  var cycleWindow: CycleWindow?

  @Option(help: ArgumentHelp("Fire when a causal chain is deeper than N (or 'off'; default 50).", valueName: "N"))
  var cycleDepth: CycleCount?

  @Option(help: ArgumentHelp("History entries to keep before folding the oldest (default 10000).", valueName: "N"))
  var historyLimit: Int?

  func validate() throws {
    if let historyLimit, !(1...10_000_000).contains(historyLimit) {
      throw ValidationError("--history-limit takes a whole number from 1 to 10000000, not \(historyLimit)")
    }
  }

  /// The session options these flags ask for, over `defaultPolicy`.
  func options(defaultPolicy: CyclePolicy) -> SessionOptions {
    var options = SessionOptions(usesVirtualClock: virtualClock)
    options.cycleDetection.policy = defaultPolicy
    options.cycleOverrides = CycleOverrides(
      policy: cyclePolicy, limit: cycleLimit.map(\.value), window: cycleWindow?.duration,
      depth: cycleDepth.map(\.value))
    if let historyLimit { options.historyLimit = historyLimit }
    options.virtualClockHint = "start with --virtual-clock"
    return options
  }

  /// The flags as arguments again, to hand them on to `sluice run`.
  var arguments: [String] {
    var arguments: [String] = []
    if virtualClock { arguments.append("--virtual-clock") }
    if let cyclePolicy { arguments += ["--cycle-policy", cyclePolicy.rawValue] }
    if let cycleLimit { arguments += ["--cycle-limit", cycleLimit.text] }
    if let cycleWindow { arguments += ["--cycle-window", cycleWindow.text] }
    if let cycleDepth { arguments += ["--cycle-depth", cycleDepth.text] }
    if let historyLimit { arguments += ["--history-limit", String(historyLimit)] }
    return arguments
  }
}

extension CyclePolicy: ExpressibleByArgument {}

/// A count from 1 to a million, or `off`.
struct CycleCount: ExpressibleByArgument {
  let value: Int?
  let text: String

  init?(argument: String) {
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
struct CycleWindow: ExpressibleByArgument {
  let duration: Duration
  let text: String

  init?(argument: String) {
    guard let duration = try? DurationText.parse(argument), duration > .zero else { return nil }
    self.duration = duration
    text = argument
  }
}

extension SessionFlags {
  /// These flags, with `declared` filling in what these leave unset.
  func merged(over declared: SessionFlags) -> SessionFlags {
    var merged = self
    merged.virtualClock = virtualClock || declared.virtualClock
    merged.cyclePolicy = cyclePolicy ?? declared.cyclePolicy
    merged.cycleLimit = cycleLimit ?? declared.cycleLimit
    merged.cycleWindow = cycleWindow ?? declared.cycleWindow
    merged.cycleDepth = cycleDepth ?? declared.cycleDepth
    merged.historyLimit = historyLimit ?? declared.historyLimit
    return merged
  }
}

/// What a script declares in its `# sluice:` header lines (see `ScriptHeader`).
struct ScriptDeclaredOptions: ParsableArguments {
  @Option(help: "The feature the script is for.")
  var feature: String?

  @OptionGroup var session: SessionFlags

  /// The options declared at the top of the script at `path` (none for `-` or no file).
  static func read(from path: String?) throws -> ScriptDeclaredOptions {
    guard let path, path != "-" else { return try parse([]) }
    // Read as the run will read it (regular files only, never blocking); an unreadable file
    // is reported when the script runs, with its proper message.
    guard let bytes = try? RegularFile.contents(of: path, limit: RegularFile.scriptLimit) else { return try parse([]) }
    return try read(header: String(decoding: bytes, as: UTF8.self), of: path)
  }

  /// The options the `# sluice:` lines at the top of `text` declare; `name` names the
  /// script in an error.
  static func read(header text: String, of name: String) throws -> ScriptDeclaredOptions {
    let arguments = ScriptHeader.arguments(in: text)
    do {
      return try parse(arguments)
    } catch {
      throw ValidationError("\(name): the `# sluice:` line declares \(arguments.joined(separator: " ")): \(message(for: error))")
    }
  }
}
