/// One word of the command language: its name, short aliases, usage and what it does.
///
/// The table below is the single source of the vocabulary: the parser resolves words and
/// unique prefixes against it, and `help` prints it, so the two never disagree.
public struct CommandWord: Sendable, Equatable {
  /// The full name: `continue`.
  public let name: String
  /// Short forms accepted exactly: `c`.
  public let aliases: [String]
  /// The forms it takes: `break PATTERN [if CONDITION]`.
  public let usage: [String]
  /// One line on what it does.
  public let summary: String

  /// Every command, in the order `help` lists them.
  public static let all: [CommandWord] = [
    CommandWord(name: "help", aliases: ["?"], usage: ["help [COMMAND]"], summary: "list commands, or explain one"),
    CommandWord(
      name: "send", aliases: [], usage: ["send ACTION", ".action(…)", "{json}"],
      summary: "send an action (a line starting with '.' or '{' is an action too)"),
    CommandWord(name: "state", aliases: [], usage: ["state [PATH]"], summary: "show the state, or the value at PATH"),
    CommandWord(name: "print", aliases: ["p"], usage: ["print PATH"], summary: "show the value at PATH"),
    CommandWord(
      name: "diff", aliases: [], usage: ["diff", "diff A [B]"],
      summary: "the last action's diff, or the diff between entries A and B (B omitted: now)"),
    CommandWord(
      name: "log", aliases: [], usage: ["log [N]", "log case PATTERN", "log changed PATH"],
      summary: "history: the last N entries (20), entries of a case, entries that changed a path"),
    CommandWord(name: "show", aliases: [], usage: ["show N"], summary: "one history entry and its diff"),
    CommandWord(
      name: "break", aliases: ["b"], usage: ["break PATTERN [if CONDITION]", "break job NAME", "break cycle"],
      summary: "stop before an action (glob on its case name), before a job starts, or at a cycle warning"),
    CommandWord(
      name: "tbreak", aliases: [], usage: ["tbreak PATTERN [if CONDITION]", "tbreak job NAME", "tbreak cycle"],
      summary: "like break, but deleted after it stops once"),
    CommandWord(name: "watch", aliases: [], usage: ["watch PATH"], summary: "stop after an action changes the value at PATH"),
    CommandWord(name: "delete", aliases: [], usage: ["delete [ID…]"], summary: "delete breakpoints (all when no id is given)"),
    CommandWord(name: "enable", aliases: [], usage: ["enable ID"], summary: "enable a breakpoint"),
    CommandWord(name: "disable", aliases: [], usage: ["disable ID"], summary: "disable a breakpoint"),
    CommandWord(name: "ignore", aliases: [], usage: ["ignore ID COUNT"], summary: "let a breakpoint's next COUNT matches pass"),
    CommandWord(
      name: "info", aliases: [], usage: ["info breakpoints|jobs|features|cycles|settings"],
      summary: "list breakpoints, jobs, features, cycle warnings or settings"),
    CommandWord(
      name: "step", aliases: ["s"], usage: ["step"],
      summary: "while paused: reduce the next queued action, or run the next held job"),
    CommandWord(
      name: "next", aliases: ["n"], usage: ["next"],
      summary: "while paused: finish the current action and everything it caused"),
    CommandWord(
      name: "continue", aliases: ["c"], usage: ["continue"],
      summary: "resume, and wait until a breakpoint, idle, or the wait timeout"),
    CommandWord(name: "pause", aliases: [], usage: ["pause"], summary: "stop before the next action; hold new jobs"),
    CommandWord(name: "jobs", aliases: [], usage: ["jobs"], summary: "jobs scheduled and not ended (info jobs)"),
    CommandWord(name: "backtrace", aliases: ["bt"], usage: ["backtrace"], summary: "the causal chain of the current action"),
    CommandWord(name: "jump", aliases: [], usage: ["jump N"], summary: "make the state the one after entry N (0: the base)"),
    CommandWord(name: "toggle", aliases: [], usage: ["toggle N"], summary: "skip entry N (or restore it), recomputing later states"),
    CommandWord(name: "reset", aliases: [], usage: ["reset"], summary: "return to the initial state and forget history"),
    CommandWord(name: "commit", aliases: [], usage: ["commit"], summary: "make the current state the base"),
    CommandWord(name: "save", aliases: [], usage: ["save FILE"], summary: "save the session to a file"),
    CommandWord(name: "load", aliases: [], usage: ["load FILE"], summary: "replace the session with a saved one, replaying its log"),
    CommandWord(name: "source", aliases: [], usage: ["source FILE"], summary: "run the commands in a file"),
    CommandWord(
      name: "set", aliases: [],
      usage: [
        "set diff full|summary|off", "set cycle policy pause|break|warn", "set cycle limit N|off",
        "set cycle window DURATION", "set cycle depth N|off", "set history limit N",
      ],
      summary: "diff display, cycle detector, history limit"),
    CommandWord(name: "features", aliases: [], usage: ["features"], summary: "the registered features (info features)"),
    CommandWord(name: "use", aliases: [], usage: ["use NAME"], summary: "switch to another feature; each keeps its session"),
    CommandWord(name: "quit", aliases: ["q", "exit"], usage: ["quit"], summary: "stop"),
    CommandWord(
      name: "expect", aliases: [], usage: ["expect PATH OP VALUE", "expect PATH changed"],
      summary: "assert on the state (OP: == != < <= > >= contains), or that the last action changed PATH"),
    CommandWord(
      name: "wait", aliases: [], usage: ["wait [--allow-running] [TIMEOUT]"],
      summary: "wait until idle or paused, or until every job waits for virtual time (default 5s)"),
    CommandWord(
      name: "advance", aliases: [], usage: ["advance DURATION"],
      summary: "move virtual time (--virtual-clock): 100us, 300ms, 1.5s, 2m"),
  ]

  /// The command called `word`: an alias or full name exactly, else the only command whose
  /// name starts with `word`.
  ///
  /// - Throws: A message naming the candidates when the prefix is ambiguous, or the nearest
  ///   command when none matches.
  public static func resolve(_ word: String) throws(CommandWordError) -> CommandWord {
    let lowered = word.lowercased()
    if let exact = all.first(where: { $0.name == lowered || $0.aliases.contains(lowered) }) {
      return exact
    }
    let candidates = all.filter { $0.name.hasPrefix(lowered) }
    if candidates.count == 1 { return candidates[0] }
    if candidates.count > 1 {
      throw .ambiguous(word, candidates: candidates.map(\.name))
    }
    throw .unknown(word, suggestion: nearestName(to: lowered, among: all.map(\.name)))
  }
}

/// Why a word is not a command.
public enum CommandWordError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Several commands start with the word.
  case ambiguous(String, candidates: [String])
  /// No command is called that; `suggestion` is the nearest name, if one is near.
  case unknown(String, suggestion: String?)

  /// The message, naming the candidates or the nearest command.
  public var description: String {
    switch self {
    case .ambiguous(let word, let candidates):
      return "ambiguous command '\(word)': it could be \(candidates.joined(separator: ", "))"
    case .unknown(let word, let suggestion):
      let hint = suggestion.map { "; did you mean '\($0)'?" } ?? ""
      return "unknown command '\(word)'\(hint) (type 'help' for the list)"
    }
  }
}
