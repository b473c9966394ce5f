extension ProtocolEvent {
  /// A command's typed answer: the command's name, where it was written when it came from a
  /// script, the answer's own ``fields``, and the text lines the shell shows for it with
  /// their kinds.
  ///
  /// In JSON the fields sit beside the others, in one object:
  ///
  /// ```json
  /// {"event":"jobs","version":1,"command":"info","jobs":[{"job":2,"kind":"effect",…}],"lines":["…"]}
  /// ```
  ///
  /// Read a field directly from the answer (`answer.jobs`): the fields are reachable by
  /// dynamic member lookup.
  @dynamicMemberLookup
  public struct Answer<Fields: Codable & Sendable & Equatable>: Codable, Sendable, Equatable {
    /// The command's name.
    public var command: String
    /// What the answer says, as values a program can use.
    public var fields: Fields
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

    /// Creates an answer.
    public init(
      command: String, fields: Fields, file: String? = nil, line: Int? = nil, column: Int? = nil, lines: [String],
      kinds: [RenderedLine.Kind]? = nil
    ) {
      (self.command, self.fields, self.lines, self.kinds) = (command, fields, lines, kinds)
      (self.file, self.line, self.column) = (file, line, column)
    }

    /// A field of the answer.
    public subscript<Value>(dynamicMember field: KeyPath<Fields, Value>) -> Value {
      fields[keyPath: field]
    }

    private enum CodingKeys: String, CodingKey { case command, file, line, column, lines, kinds }

    /// Reads the common keys, and the fields from the same object.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      command = try container.decode(String.self, forKey: .command)
      fields = try Fields(from: decoder)
      file = try container.decodeIfPresent(String.self, forKey: .file)
      line = try container.decodeIfPresent(Int.self, forKey: .line)
      column = try container.decodeIfPresent(Int.self, forKey: .column)
      lines = try container.decode([String].self, forKey: .lines)
      kinds = try container.decodeIfPresent([RenderedLine.Kind].self, forKey: .kinds)
    }

    /// Writes `command`, then the fields, then where and the lines, in one object.
    public func encode(to encoder: any Encoder) throws {
      do {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(command, forKey: .command)
      }
      try fields.encode(to: encoder)
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encodeIfPresent(file, forKey: .file)
      try container.encodeIfPresent(line, forKey: .line)
      try container.encodeIfPresent(column, forKey: .column)
      try container.encode(lines, forKey: .lines)
      try container.encodeIfPresent(kinds, forKey: .kinds)
    }
  }
}
