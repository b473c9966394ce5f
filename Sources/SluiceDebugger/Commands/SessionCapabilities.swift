/// What the current session offers, and what it does not and why (`info capabilities`): the
/// same answer in the shell, a script, an attached program and the page.
public struct SessionCapabilities: CommandAnswer, Equatable {
  /// Carried in the `capabilities` event.
  public static let event = "capabilities"

  /// One thing a user can do with the session.
  public struct Capability: Codable, Sendable, Equatable {
    /// What it is (`virtual time`).
    public var name: String
    /// Whether the session offers it now.
    public var available: Bool
    /// The commands it takes, or why it is not available and what would make it so.
    public var note: String

    /// A capability, for a renderer's tests or a tool that replays answers.
    public init(name: String, available: Bool, note: String) {
      (self.name, self.available, self.note) = (name, available, note)
    }
  }

  /// The feature the session debugs.
  public var feature: String
  /// Each capability, in the order `help` lists their commands.
  public var capabilities: [Capability]

  /// An answer, for a renderer's tests or a tool that replays answers.
  public init(feature: String, capabilities: [Capability]) {
    self.feature = feature
    self.capabilities = capabilities
  }

  /// What `session` offers.
  @MainActor
  public init(of session: any SessionInspection) {
    feature = session.featureName
    let paused = session.status == .paused
    let detection = session.cycleDetection
    let detects = detection.frequency != nil || detection.maximumDepth != nil
    capabilities = [
      Capability(
        name: "stepping", available: paused,
        note: paused
          ? "step, next and continue; step runs one held job at a time"
          : "pause first (or stop at a breakpoint): step and next work on a paused store"),
      Capability(
        name: "virtual time", available: session.usesVirtualClock,
        note: session.usesVirtualClock
          ? "advance moves the clock; jobs asleep on it wait for it"
          : "this session runs on the real clock: advance needs a session started on virtual time"),
      Capability(
        name: "time travel", available: true,
        note: "jump, step back, toggle, reset and commit over the last \(session.historyLimit) entries"),
      Capability(name: "breakpoints", available: true, note: "break on actions and jobs, watch state paths"),
      Capability(
        name: "cycle detection", available: detects,
        note: detects
          ? "warns of runaway loops (policy \(detection.policy)); break cycle stops at one"
          : "off: set cycle limit N turns it on"),
      Capability(
        name: "action completion", available: session.actionDescription != nil,
        note: session.actionDescription != nil
          ? "Tab completes cases and arguments; a mistyped case gets a suggestion"
          : "mark the action @Scriptable for completion and suggestions"),
      Capability(name: "files", available: true, note: "save and load sessions, export test, export trace"),
    ]
  }
}
