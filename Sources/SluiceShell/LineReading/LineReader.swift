/// Where the shell's input comes from: a line editor on a terminal, plain lines from a pipe,
/// or lines a test scripts.
///
/// Reading suspends the caller without blocking it: the shell awaits the next line on the
/// main actor while effects and middleware keep running.
public protocol LineReader: AnyObject, Sendable {
  /// Reads the next line, showing `prompt` first when the reader shows prompts.
  func readLine(prompt: Prompt) async -> LineInput

  /// Remembers a command the user entered, for recall and for the next run.
  func addToHistory(_ command: String) async

  /// Replaces the prompt of the read in progress (the store paused while the user was
  /// typing, say), or of the next read when none is in progress: the newest prompt asked
  /// for wins over the one the read was started with, because the read may begin on the
  /// reader's own thread after the caller asked. Safe from any thread; returns at once.
  func updatePrompt(_ prompt: Prompt)

  /// Ends a read in progress as if input had ended (the program the shell is attached to
  /// went away). Safe from any thread; returns at once.
  func requestEnd()
}

extension LineReader {
  /// Readers without history ignore commands.
  public func addToHistory(_ command: String) async {}

  /// Readers without a prompt ignore it.
  public func updatePrompt(_ prompt: Prompt) {}

  /// Readers that do not wait for input ignore it.
  public func requestEnd() {}
}

/// What one read gave.
public enum LineInput: Sendable, Equatable {
  /// A line, without its line break.
  case line(String)
  /// The user pressed Ctrl-C; `discarded` is the text the line held.
  case interrupted(discarded: String)
  /// Input ended: Ctrl-D on an empty line, or the end of a pipe or file.
  case endOfInput
}

/// The text shown before the cursor, and its role.
public struct Prompt: Sendable, Equatable {
  /// The prompt as shown, possibly with color.
  public var text: String
  /// The same prompt without escape sequences (what takes room on screen).
  public var plainText: String
  /// Whether this prompt continues an unfinished command.
  public var isContinuation: Bool

  /// Creates a prompt. `plainText` defaults to `text`.
  public init(_ text: String, plainText: String? = nil, isContinuation: Bool = false) {
    self.text = text
    self.plainText = plainText ?? text
    self.isContinuation = isContinuation
  }
}
