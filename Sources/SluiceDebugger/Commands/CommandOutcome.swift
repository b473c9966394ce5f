/// What executing one command produced: its result, or the error that stopped it, and the
/// session events taken afterwards (actions reduced, stops, cycle warnings), oldest first.
public struct CommandOutcome: Sendable {
  /// What the command did, or why it could not.
  public var result: Result<CommandResult, DebugError>
  /// Events that happened while the command ran, and any background events before them
  /// that had not been taken yet.
  public var events: [DebugEvent]
  /// The displays' values (`display PATH`), after a command that moved the program: to
  /// show after its result.
  public var displays: [DisplayedValue]

  /// Creates an outcome.
  public init(result: Result<CommandResult, DebugError>, events: [DebugEvent], displays: [DisplayedValue] = []) {
    self.result = result
    self.events = events
    self.displays = displays
  }
}
