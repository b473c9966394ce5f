/// Reads the arguments of one command line word by word, keeping track of columns so errors
/// can point at what they are about.
struct ArgumentCursor {
  /// A piece of the line and the 1-based column it starts at.
  struct Piece: Equatable {
    var text: String
    var column: Int
  }

  /// The 1-based columns of the parts of the command an error from running it may be about,
  /// noted as they are read (see `DebugError.Culprit`).
  var culpritColumns: [DebugError.Culprit: Int] = [:]

  private let characters: LineCharacters
  /// Where the cursor stops: the end of the line, or where its comment starts.
  private let end: Int
  private var index: Int

  /// A cursor over `line`, starting at the 0-based character offset `offset`.
  init(_ line: String, at offset: Int = 0) {
    self.init(LineCharacters(line), at: offset)
  }

  /// A cursor over the characters before `end` (all of them when `nil`), starting at the
  /// 0-based character offset `offset`.
  init(_ characters: LineCharacters, upTo end: Int? = nil, at offset: Int = 0) {
    self.characters = characters
    self.end = end ?? characters.count
    index = offset
    skipSpaces()
  }

  /// The 1-based column of the next unread character (one past the end at the end).
  var column: Int { index + 1 }

  /// Whether only spaces are left.
  var isAtEnd: Bool { index >= end }

  /// Whether the next unread character is the ASCII character `code`.
  func isAt(ascii code: UInt8) -> Bool {
    !isAtEnd && characters.ascii(at: index) == code
  }

  private mutating func skipSpaces() {
    while index < end, characters.isWhitespace(at: index) { index += 1 }
  }

  /// The next run of non-space characters, or `nil` at the end.
  mutating func word() -> Piece? {
    guard !isAtEnd else { return nil }
    let start = index
    while index < end, !characters.isWhitespace(at: index) { index += 1 }
    let piece = Piece(text: characters.text(start..<index), column: start + 1)
    skipSpaces()
    return piece
  }

  /// The next word, or an error saying what was expected there.
  mutating func requiredWord(_ what: String, usage: CommandUsage) throws(CommandParseError) -> Piece {
    guard let word = word() else {
      throw CommandParseError("expected \(what) (usage: \(usage))", column: column)
    }
    return word
  }

  /// Everything left on the line, without trailing spaces, or `nil` when nothing is.
  mutating func rest() -> Piece? {
    guard !isAtEnd else { return nil }
    let start = index
    var last = end
    while last > start, characters.isWhitespace(at: last - 1) { last -= 1 }
    index = end
    return Piece(text: characters.text(start..<last), column: start + 1)
  }

  /// Everything left on the line, or an error saying what was expected.
  mutating func requiredRest(_ what: String, usage: CommandUsage) throws(CommandParseError) -> Piece {
    guard let rest = rest() else {
      throw CommandParseError("expected \(what) (usage: \(usage))", column: column)
    }
    return rest
  }

  /// A non-negative whole number.
  mutating func integer(_ what: String, usage: CommandUsage) throws(CommandParseError) -> Int {
    let piece = try requiredWord(what, usage: usage)
    return try Self.integer(piece, what)
  }

  /// `piece` as a non-negative whole number.
  static func integer(_ piece: Piece, _ what: String) throws(CommandParseError) -> Int {
    guard let value = Int(piece.text), value >= 0 else {
      throw CommandParseError("expected \(what) as a whole number, found '\(piece.text)'", column: piece.column)
    }
    return value
  }

  /// Fails when anything is left on the line.
  func expectEnd(usage: CommandUsage) throws(CommandParseError) {
    guard isAtEnd else {
      var copy = self
      let extra = copy.rest()?.text ?? ""
      throw CommandParseError("unexpected '\(extra)' (usage: \(usage))", column: column)
    }
  }
}
