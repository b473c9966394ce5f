/// What `help` answers: every command by topic, or one command in full.
public enum HelpPage: Sendable, Equatable {
  /// `help`: the commands of a table.
  case overview(CommandTable)
  /// `help COMMAND`: one command, with an example in the words of the current feature
  /// when it names actions or state; empty when the feature gives none and the table's
  /// would name Sluice's own example features.
  case command(CommandWord, example: String)
}
