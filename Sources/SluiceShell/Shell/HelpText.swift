import SluiceDebugger

/// What `help` shows in the shell: the commands grouped by topic with a one-line summary
/// each, then the aliases; or one command's usage, summary, aliases and an example.
public enum HelpText {
  /// Every command, by topic (see ``HelpTopics``); commands no topic lists come last under
  /// "Other", so a new command is never missing from help.
  public static func overview(of words: [CommandWord]) -> [String] {
    let byName = Dictionary(words.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    var groups = HelpTopics.topics.map { topic in (topic.title, topic.commands.compactMap { byName[$0] }) }
    let listed = Set(HelpTopics.topics.flatMap(\.commands))
    let others = words.filter { !listed.contains($0.name) }
    if !others.isEmpty { groups.append(("Other", others)) }

    // Names only: usages such as `info breakpoints|jobs|…` would push summaries off screen;
    // `help COMMAND` has them.
    let width = words.map(\.name.count).max() ?? 0
    var lines: [String] = []
    for (title, members) in groups where !members.isEmpty {
      lines.append(title)
      for word in members {
        lines.append("  " + word.name + String(repeating: " ", count: width - word.name.count) + "  " + word.summary)
      }
    }
    let aliases = words.flatMap { word in word.aliases.map { "\($0) = \(word.name)" } }
    lines.append("Aliases: " + aliases.joined(separator: ", "))
    lines.append(
      "Any unique prefix works (cont = continue); a line starting with '.' sends an action; "
        + "Enter on an empty line repeats step or next.")
    lines.append("`help COMMAND` shows its usage and an example.")
    return lines
  }

  /// One command in full; its example in the words of `session`'s feature when it names
  /// actions or state.
  @MainActor
  public static func details(of word: CommandWord, in session: (any DebugSession)? = nil) -> [String] {
    var lines = word.usage.enumerated().map { offset, usage in (offset == 0 ? "usage: " : "       ") + usage }
    lines.append(word.summary)
    if !word.aliases.isEmpty { lines.append("aliases: " + word.aliases.joined(separator: ", ")) }
    if let example = FeatureExamples.example(for: word.name, in: session) ?? HelpTopics.examples[word.name] {
      lines.append("example: " + example)
    }
    if let topic = HelpTopics.topic(of: word.name) { lines.append("topic: " + topic) }
    return lines
  }
}
