// The payloads of what a script run reports about itself: commands, expectations, errors,
// the end.

extension ProtocolEvent {
  /// A script's command, echoed before its results: `command`.
  public struct CommandEcho: Codable, Sendable, Equatable {
    /// The script, as named.
    public var file: String
    /// The 1-based line.
    public var line: Int
    /// The command as written.
    public var text: String
  }

  /// An expectation was checked: `expectation`.
  public struct Expectation: Codable, Sendable, Equatable {
    /// The script, when the expectation came from one.
    public var file: String? = nil
    /// The 1-based line.
    public var line: Int? = nil
    /// The 1-based column of the expression.
    public var column: Int? = nil
    /// Whether it held.
    public var passed: Bool
    /// The expression as written: `count == 3`.
    public var expression: String
    /// The expected value, as text.
    public var expected: String
    /// The actual value, as text.
    public var actual: String
    /// How the values differ, as rendered lines, when they are structures.
    public var diff: [String]? = nil
  }

  /// A line did not parse or a command failed: `error`.
  public struct ErrorMessage: Codable, Sendable, Equatable {
    /// The script, when the line came from one.
    public var file: String? = nil
    /// The 1-based line.
    public var line: Int? = nil
    /// The 1-based column the error is about.
    public var column: Int? = nil
    /// What went wrong.
    public var message: String
  }

  /// The run ended: `finished`.
  public struct Finished: Codable, Sendable, Equatable {
    /// The exit status: 0 success, 1 an expectation failed, 2 an error.
    public var status: Int
    /// How many expectations were checked.
    public var expectations: Int
    /// How many of them failed.
    public var failed: Int
  }

  /// Everything a command request caused has been written: `completed`, with the request's
  /// `id` in the envelope.
  public struct Completed: Codable, Sendable, Equatable {
    /// Whether the command was an error.
    public var failed: Bool
  }
}
