// The payloads of a command's answer: every one names the command, says where it was
// written when it came from a script, and carries the text lines the shell would show.

extension ProtocolEvent {
  /// `wait` or `continue` ended: `waited`.
  public struct Waited: Codable, Sendable, Equatable {
    /// The command's name.
    public var command: String
    /// `idle`, `paused`, `waitingForTime` or `timedOut`.
    public var outcome: String
    /// The jobs still running, by name (`waitingForTime`, `timedOut`).
    public var jobs: [String]? = nil
    /// The script, when the command came from one.
    public var file: String? = nil
    /// The 1-based line.
    public var line: Int? = nil
    /// The 1-based column of the command's argument.
    public var column: Int? = nil
    /// The answer as the shell shows it.
    public var lines: [String]
    /// The kind of each line of `lines`, in order, for its colour; left out when every line
    /// is plain.
    public var kinds: [RenderedLine.Kind]? = nil
  }

  /// The virtual clock moved: `advanced`.
  public struct Advanced: Codable, Sendable, Equatable {
    /// The command's name.
    public var command: String
    /// How far the command asked to move.
    public var requestedNanoseconds: Int
    /// How far the clock moved.
    public var byNanoseconds: Int
    /// The clock's time afterwards.
    public var nowNanoseconds: Int
    /// The script, when the command came from one.
    public var file: String? = nil
    /// The 1-based line.
    public var line: Int? = nil
    /// The 1-based column of the command's argument.
    public var column: Int? = nil
    /// The answer as the shell shows it.
    public var lines: [String]
    /// The kind of each line of `lines`, in order, for its colour; left out when every line
    /// is plain.
    public var kinds: [RenderedLine.Kind]? = nil
  }

  /// `step` or `next` ran: `stepped`.
  public struct Stepped: Codable, Sendable, Equatable {
    /// The command's name.
    public var command: String
    /// What each step did, in order.
    public var steps: [Step]
    /// The script, when the command came from one.
    public var file: String? = nil
    /// The 1-based line.
    public var line: Int? = nil
    /// The 1-based column of the command's argument.
    public var column: Int? = nil
    /// The answer as the shell shows it.
    public var lines: [String]
    /// The kind of each line of `lines`, in order, for its colour; left out when every line
    /// is plain.
    public var kinds: [RenderedLine.Kind]? = nil
  }

  /// One step: an action reduced (`reduced`), a job run (`ranJob`), or a stop that came
  /// first (`stoppedAgain`).
  public struct Step: Codable, Sendable, Equatable {
    /// `reduced`, `ranJob` or `stoppedAgain`.
    public var step: String
    /// The history index of the action reduced.
    public var index: Int? = nil
    /// The action reduced.
    public var action: String? = nil
    /// The job's number.
    public var job: Int? = nil
    /// The job's kind.
    public var kind: String? = nil
    /// The job's name.
    public var name: String? = nil
    /// The job's status.
    public var status: String? = nil
    /// The job's error, when it failed.
    public var error: String? = nil
    /// The actions the job sent.
    public var sent: [String]? = nil
  }

  /// `print` answered: `value`.
  public struct Value: Codable, Sendable, Equatable {
    /// The command's name.
    public var command: String
    /// The state path printed, or `nil` (JSON `null`) for the whole state.
    public var path: String?
    /// The value on one line.
    public var value: String
    /// The script, when the command came from one.
    public var file: String? = nil
    /// The 1-based line.
    public var line: Int? = nil
    /// The 1-based column of the command's argument.
    public var column: Int? = nil
    /// The answer as the shell shows it.
    public var lines: [String]
    /// The kind of each line of `lines`, in order, for its colour; left out when every line
    /// is plain.
    public var kinds: [RenderedLine.Kind]? = nil

    private enum CodingKeys: String, CodingKey { case command, path, value, file, line, column, lines, kinds }

    init(
      command: String, path: String?, value: String, file: String?, line: Int?, column: Int?, lines: [String],
      kinds: [RenderedLine.Kind]? = nil
    ) {
      (self.command, self.path, self.value, self.lines, self.kinds) = (command, path, value, lines, kinds)
      (self.file, self.line, self.column) = (file, line, column)
    }

    /// Reads the event; `path` must be there, `null` for the whole state.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      command = try container.decode(String.self, forKey: .command)
      path = try container.decode(String?.self, forKey: .path)
      value = try container.decode(String.self, forKey: .value)
      file = try container.decodeIfPresent(String.self, forKey: .file)
      line = try container.decodeIfPresent(Int.self, forKey: .line)
      column = try container.decodeIfPresent(Int.self, forKey: .column)
      lines = try container.decode([String].self, forKey: .lines)
      kinds = try container.decodeIfPresent([RenderedLine.Kind].self, forKey: .kinds)
    }

    /// Writes `path` as `null` for the whole state rather than leaving it out.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(command, forKey: .command)
      try container.encode(path, forKey: .path)
      try container.encode(value, forKey: .value)
      try container.encodeIfPresent(file, forKey: .file)
      try container.encodeIfPresent(line, forKey: .line)
      try container.encodeIfPresent(column, forKey: .column)
      try container.encode(lines, forKey: .lines)
      try container.encodeIfPresent(kinds, forKey: .kinds)
    }
  }

  /// Any other command's answer: `output`.
  public struct Output: Codable, Sendable, Equatable {
    /// The command's name.
    public var command: String
    /// The script, when the command came from one.
    public var file: String? = nil
    /// The 1-based line.
    public var line: Int? = nil
    /// The 1-based column of the command's argument.
    public var column: Int? = nil
    /// The answer as the shell shows it.
    public var lines: [String]
    /// The kind of each line of `lines`, in order, for its colour; left out when every line
    /// is plain.
    public var kinds: [RenderedLine.Kind]? = nil
  }
}
