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
    /// The kind of each line of `diff`, in order (`inserted`, `removed`, `plain`); left out
    /// when every line is plain.
    public var diffKinds: [RenderedLine.Kind]? = nil
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

  /// One line of a report in another format than JSON, for a run that asked for one
  /// (`sluice run --attach --format junit|github`): `report`. The lines are the report the
  /// same reporter writes for `sluice run --format junit|github`, in order.
  public struct ReportLine: Codable, Sendable, Equatable {
    /// The line, without its newline.
    public var line: String
    /// Where the run's own command prints it: standard output or standard error.
    public var stream: OutputChannel

    /// A line for `stream`.
    public init(line: String, stream: OutputChannel) {
      self.line = line
      self.stream = stream
    }
  }

  /// Everything a command request caused has been written: `completed`, with the request's
  /// `id` in the envelope.
  public struct Completed: Codable, Sendable, Equatable {
    /// Why a request failed.
    public enum Cause: String, Codable, Sendable {
      /// The command was not done: the `error` event says why.
      case error
      /// The command was done, and something it checked failed: an `expectation` event
      /// that did not hold, or a failure the run reports (a `wait` that ended with work
      /// running, a cycle whose chain the detector broke).
      case failure
    }

    /// Whether the request failed, for either ``Cause``.
    public var failed: Bool
    /// Why it failed; absent when it did not.
    public var cause: Cause?

    /// The end of a request that failed for `cause`, or (`nil`) did not.
    public init(cause: Cause?) {
      failed = cause != nil
      self.cause = cause
    }
  }
}
