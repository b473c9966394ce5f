import SluiceDebugger

/// The text of `help`, the same in the shell and in scripts: the commands grouped by topic
/// with a one-line summary each, then the aliases; or one command's usage, summary, aliases,
/// example and topic.
enum HelpText {
  static func lines(for page: HelpPage) -> [String] {
    switch page {
    case .overview(let table): overview(of: table)
    case .command(let word, let example): details(of: word, example: example)
    }
  }

  private static func overview(of table: CommandTable) -> [String] {
    // Names only: usages such as `info breakpoints|jobs|…` would push summaries off screen;
    // `help COMMAND` has them.
    let width = table.words.map(\.name.count).max() ?? 0
    var lines: [String] = []
    for topic in CommandTopic.allCases {
      let members = table.words.filter { $0.topic == topic }
      guard !members.isEmpty else { continue }
      lines.append(topic.rawValue)
      for word in members {
        lines.append("  " + word.name + String(repeating: " ", count: width - word.name.count) + "  " + word.summary)
      }
    }
    let aliases = table.words.flatMap { word in word.aliases.map { "\($0) = \(word.name)" } }
    lines.append("Aliases: " + aliases.joined(separator: ", "))
    lines.append(
      "Any unique prefix works (cont = continue); a line starting with '.' sends an action; "
        + "Enter on an empty line repeats step or next; # starts a comment.")
    lines.append("`help COMMAND` shows its usage and an example.")
    return lines
  }

  private static func details(of word: CommandWord, example: String) -> [String] {
    var lines = word.usage.enumerated().map { offset, usage in (offset == 0 ? "usage: " : "       ") + usage }
    lines.append(word.summary)
    if !word.aliases.isEmpty { lines.append("aliases: " + word.aliases.joined(separator: ", ")) }
    if !example.isEmpty { lines.append("example: " + example) }
    lines.append("topic: " + word.topic.rawValue)
    return lines
  }
}
