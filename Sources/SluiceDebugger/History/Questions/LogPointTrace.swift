/// What a log point made with `trace` prints over the past: for every kept entry it matches,
/// the values as they were before it, read from the recorded states without moving the
/// session or running anything. From then on the log point prints as actions come (the
/// `traced` event).
public struct LogPointTrace: CommandAnswer, Equatable {
  /// Carried in the `trace` event.
  public static let event = "trace"

  /// The log point's breakpoint number (`delete`, `disable`, `info breakpoints`).
  public var breakpoint: Int
  /// The command that makes it, as `save breakpoints` writes it.
  public var logPoint: String
  /// What it prints before each kept entry it matches, oldest first.
  public var past: [TracedEntry]
  /// What to know about it: a pattern no case matches today, a path not there yet.
  public var notes: [String]

  /// An answer, for a renderer's tests or a tool that replays answers.
  public init(breakpoint: Int, logPoint: String, past: [TracedEntry], notes: [String] = []) {
    (self.breakpoint, self.logPoint, self.past, self.notes) = (breakpoint, logPoint, past, notes)
  }
}
