/// One command of the language, declared once: its name, short aliases, topic, usage,
/// summary, example, the slots its arguments fill, and how its arguments are read.
///
/// The parser, `help` (the same text in the shell and in scripts), Tab completion and the
/// man page are all derived from a ``CommandTable`` of these, so they never disagree.
public struct CommandWord: Sendable, Equatable {
  /// Reads the arguments after the command's word; the parser checks that nothing is left.
  typealias ArgumentReader = @Sendable (CommandParser, inout ArgumentCursor, CommandUsage) throws(CommandParseError) -> Command

  /// The full name: `continue`.
  public let name: String
  /// Short forms accepted exactly: `c`.
  public let aliases: [String]
  /// The heading `help` lists it under.
  public let topic: CommandTopic
  /// The forms it takes: `break PATTERN [if CONDITION]`.
  public let usage: [String]
  /// One line on what it does.
  public let summary: String
  /// A line that uses it.
  public let example: String
  /// Each form's arguments, slot by slot, for completion.
  public let forms: [[ArgumentSlot]]
  /// Whether it reads or writes a file (`save`, `load`, `source`, `export`): what a client
  /// with fewer rights than the shell's user, a browser's page, may not run
  /// (``CommandTable/refusingFiles(_:)``).
  package let touchesFiles: Bool
  /// Why this table refuses the command, if it does: the parser answers every use of it with
  /// this message, before reading its arguments.
  package internal(set) var refusal: String?
  let readArguments: ArgumentReader

  init(
    _ name: String, aliases: [String] = [], topic: CommandTopic, usage: [String], summary: String,
    example: String, forms: [[ArgumentSlot]] = [], touchesFiles: Bool = false, arguments: @escaping ArgumentReader
  ) {
    self.name = name
    self.aliases = aliases
    self.topic = topic
    self.usage = usage
    self.summary = summary
    self.example = example
    self.forms = forms
    self.touchesFiles = touchesFiles
    self.readArguments = arguments
  }

  /// Two words are equal when they are declared alike (how they read arguments aside).
  public static func == (lhs: CommandWord, rhs: CommandWord) -> Bool {
    (lhs.name, lhs.aliases, lhs.topic, lhs.usage, lhs.summary, lhs.example)
      == (rhs.name, rhs.aliases, rhs.topic, rhs.usage, rhs.summary, rhs.example) && lhs.forms == rhs.forms
      && (lhs.touchesFiles, lhs.refusal) == (rhs.touchesFiles, rhs.refusal)
  }
}
