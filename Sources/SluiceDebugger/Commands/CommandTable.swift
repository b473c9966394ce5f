/// The commands of the language, in the order `help` lists them within a topic.
///
/// ``standard`` is the language the shell and scripts speak; a table with more words is how
/// a test (or, later, an embedding program) adds one: parsing, help and completion follow it.
public struct CommandTable: Sendable, Equatable {
  /// Every command.
  public let words: [CommandWord]

  /// A table of `words`.
  public init(_ words: [CommandWord]) {
    self.words = words
  }

  /// This table with `word` added.
  public func adding(_ word: CommandWord) -> CommandTable {
    CommandTable(words + [word])
  }

  /// The command called `word`: an alias or full name exactly, else the only command whose
  /// name starts with `word`.
  ///
  /// - Throws: A message naming the candidates when the prefix is ambiguous, or the nearest
  ///   command when none matches.
  package func resolve(_ word: String) throws(CommandWordError) -> CommandWord {
    let lowered = word.lowercased()
    if let exact = words.first(where: { $0.name == lowered || $0.aliases.contains(lowered) }) {
      return exact
    }
    let candidates = words.filter { $0.name.hasPrefix(lowered) }
    if candidates.count == 1 { return candidates[0] }
    if candidates.count > 1 {
      throw .ambiguous(word, candidates: candidates.map(\.name))
    }
    throw .unknown(word, suggestion: nearestName(to: lowered, among: words.map(\.name)))
  }
}

/// Why a word is not a command.
package enum CommandWordError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Several commands start with the word.
  case ambiguous(String, candidates: [String])
  /// No command is called that; `suggestion` is the nearest name, if one is near.
  case unknown(String, suggestion: String?)

  /// The message, naming the candidates or the nearest command.
  package var description: String {
    switch self {
    case .ambiguous(let word, let candidates):
      return "ambiguous command '\(word)': it could be \(candidates.joined(separator: ", "))"
    case .unknown(let word, let suggestion):
      let hint = suggestion.map { "; did you mean '\($0)'?" } ?? ""
      return "unknown command '\(word)'\(hint) (type 'help' for the list)"
    }
  }
}
