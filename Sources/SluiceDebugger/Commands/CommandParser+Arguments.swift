import Sluice
extension CommandParser {
  /// The fewest columns `set width` takes: less leaves no room for a headline's number and
  /// the elision's mark.
  package static let narrowestWidth = 20

  /// Reads the arguments `word` takes from the rest of the line, as its table entry says.
  func parseArguments(of word: CommandWord, _ cursor: inout ArgumentCursor) throws(CommandParseError) -> Command {
    let usage = CommandUsage(word.usage)
    let command = try word.readArguments(self, &cursor, usage)
    try cursor.expectEnd(usage: usage)
    return command
  }

  static func log(_ cursor: inout ArgumentCursor, usage: CommandUsage) throws(CommandParseError) -> Command {
    guard let piece = cursor.word() else { return .log(.last(nil)) }
    switch piece.text {
    case "case":
      let pattern = try checkedPattern(try cursor.requiredWord("a case-name pattern", usage: usage))
      return .log(.filtered(.matchingCase(pattern), try listingWindow(&cursor, usage: usage)))
    case "changed":
      let (path, window) = try trailingWindow(of: try cursor.requiredRest("a state path", usage: usage), usage: usage)
      guard let path else { throw CommandParseError("expected a state path (usage: \(usage))", column: piece.column) }
      return .log(.filtered(.changing(path: try checkedPath(path)), window))
    case "origin":
      return .log(try originQuery(&cursor, usage: usage))
    case "from":
      let (from, count) = try windowStart(&cursor, first: "the first history index", usage: usage)
      return .log(.window(from: from, count: count))
    case "hide":
      guard let pattern = cursor.word() else { return .logHiding(.list) }
      return .logHiding(.hide(try checkedPattern(pattern)))
    case "unhide":
      return .logHiding(.unhide(try cursor.word().map(checkedPattern)))
    default:
      guard let count = Int(piece.text), count >= 0 else {
        throw CommandParseError(
          "expected a count, 'case PATTERN', 'changed PATH', 'origin KIND [NAME]', 'hide PATTERN' or "
            + "'unhide [PATTERN]', found '\(piece.text)'",
          column: piece.column)
      }
      return .log(.last(count))
    }
  }

  /// The window that ends a filtered listing (`log case PATTERN …`, `jobs --all …`): nothing
  /// for all of it, `N` for the last N, `from I [N]` for N from entry I on, `skip R [N]` for
  /// N after the first R matches.
  static func listingWindow(_ cursor: inout ArgumentCursor, usage: CommandUsage) throws(CommandParseError) -> ListingWindow {
    guard let piece = cursor.word() else { return .all }
    if piece.text == "from" {
      let (from, count) = try windowStart(&cursor, first: "the first history index", usage: usage)
      return .from(from, count: count ?? CommandInterpreter.defaultLogCount)
    }
    if piece.text == "skip" {
      let (rows, count) = try windowStart(&cursor, first: "how many matches to skip", usage: usage)
      guard rows >= 0 else { throw CommandParseError("`skip` takes a count of matches, not \(rows)", column: piece.column) }
      return .skipping(rows, count: count ?? CommandInterpreter.defaultLogCount)
    }
    guard let count = Int(piece.text), count >= 0 else {
      throw CommandParseError("expected a count, 'from I [N]' or 'skip R [N]', found '\(piece.text)'", column: piece.column)
    }
    return .last(count)
  }

  /// `I [N]` after `from` (or `R [N]` after `skip`): the window's start, `first` saying what
  /// it is, and the count when given.
  private static func windowStart(
    _ cursor: inout ArgumentCursor, first: String, usage: CommandUsage
  ) throws(CommandParseError) -> (Int, Int?) {
    let from = try cursor.integer(first, usage: usage)
    guard let piece = cursor.word() else { return (from, nil) }
    guard let count = Int(piece.text), count >= 0 else {
      throw CommandParseError("expected a count of entries, found '\(piece.text)'", column: piece.column)
    }
    return (from, count)
  }

  /// A path or a job name, which run to the end of the line, and the window after it: a last
  /// `N` or `from I [N]` (quote a job name that ends in a number after a space). `nil` when
  /// the piece is only a window.
  static func trailingWindow(
    of piece: ArgumentCursor.Piece, usage: CommandUsage
  ) throws(CommandParseError) -> (ArgumentCursor.Piece?, ListingWindow) {
    var cursor = ArgumentCursor(piece.text)
    var words: [ArgumentCursor.Piece] = []
    while let word = cursor.word() { words.append(word) }
    let isNumber = { (word: ArgumentCursor.Piece) in Int(word.text).map { $0 >= 0 } ?? false }
    // The longest window the words end with: `from I N` (or `skip R N`), `from I`, or `N`.
    let starts = { (word: ArgumentCursor.Piece) in word.text == "from" || word.text == "skip" }
    var length = 0
    if words.count >= 3, starts(words[words.count - 3]), isNumber(words[words.count - 2]), isNumber(words[words.count - 1]) {
      length = 3
    } else if words.count >= 2, starts(words[words.count - 2]), isNumber(words[words.count - 1]) {
      length = 2
    } else if let last = words.last, isNumber(last) {
      length = 1
    }
    guard length > 0 else { return (piece, .all) }
    let first = words[words.count - length]
    var windowCursor = ArgumentCursor(piece.text, at: first.column - 1)
    let window = try listingWindow(&windowCursor, usage: usage)
    guard words.count > length else { return (nil, window) }
    var rest = ArgumentCursor(String(piece.text.prefix(first.column - 1)))
    return (rest.rest().map { ArgumentCursor.Piece(text: $0.text, column: piece.column) }, window)
  }

  /// `KIND [NAME] [window]` of `log origin`: NAME, a glob on a job's name, may be quoted.
  static func originQuery(_ cursor: inout ArgumentCursor, usage: CommandUsage) throws(CommandParseError) -> Command.LogQuery {
    let kinds = OriginFilter.Kind.allCases.map(\.rawValue)
    let piece = try cursor.requiredWord("who sent the entries: \(kinds.joined(separator: ", "))", usage: usage)
    guard let kind = OriginFilter.Kind(rawValue: piece.text.lowercased()) else {
      let hint = nearestName(to: piece.text.lowercased(), among: kinds).map { "did you mean '\($0)'? " } ?? ""
      throw CommandParseError(
        "unknown origin '\(piece.text)': \(hint)use one of \(kinds.joined(separator: ", "))", column: piece.column)
    }
    guard let rest = cursor.rest() else { return .filtered(.origin(OriginFilter(kind: kind)), .all) }
    let (name, window) = try trailingWindow(of: rest, usage: usage)
    guard let name else { return .filtered(.origin(OriginFilter(kind: kind)), window) }
    guard kind.hasNames else {
      throw CommandParseError("entries sent by \(kind.rawValue) have no job name to match", column: name.column)
    }
    let glob = unquoted(name.text, quotes: ["\"", "'"])
    guard !glob.isEmpty else { throw CommandParseError("\(name.text) is an empty job name", column: name.column) }
    return .filtered(.origin(OriginFilter(kind: kind, name: glob)), window)
  }

  static func breakpointKind(_ cursor: inout ArgumentCursor, usage: CommandUsage) throws(CommandParseError) -> Breakpoint.Kind {
    let piece = try cursor.requiredWord("an action pattern, 'job NAME' or 'cycle'", usage: usage)
    switch piece.text {
    case "job":
      return .job(pattern: try cursor.requiredRest("a job name (a glob)", usage: usage).text)
    case "cycle":
      return .cycle
    default:
      let pattern = try checkedPattern(piece)
      guard let keyword = cursor.word() else { return .action(pattern: pattern, condition: nil) }
      guard keyword.text == "if" else {
        throw CommandParseError("expected 'if CONDITION' after the pattern, found '\(keyword.text)'", column: keyword.column)
      }
      let conditionText = try cursor.requiredRest("a condition: PATH OP VALUE", usage: usage)
      let condition = try stateCondition(conditionText)
      cursor.culpritColumns[.conditionPath] = conditionText.column
      return .action(pattern: pattern, condition: condition)
    }
  }

  static func infoTopic(_ cursor: inout ArgumentCursor, usage: CommandUsage) throws(CommandParseError) -> Command.InfoTopic {
    let piece = try cursor.requiredWord("a topic", usage: usage)
    let matches = Command.InfoTopic.allCases.filter { $0.rawValue.hasPrefix(piece.text.lowercased()) }
    guard matches.count == 1 else {
      let topics = Command.InfoTopic.allCases.map(\.rawValue).joined(separator: ", ")
      throw CommandParseError("unknown info topic '\(piece.text)': use one of \(topics)", column: piece.column)
    }
    return matches[0]
  }

  static func setting(_ cursor: inout ArgumentCursor, usage: CommandUsage) throws(CommandParseError) -> Command.Setting {
    let name = try cursor.requiredWord("a setting", usage: usage)
    switch name.text.lowercased() {
    case "cycle": return .cycle(try cycleSetting(&cursor, usage: usage))
    case "history":
      let what = try cursor.requiredWord("'limit'", usage: usage)
      guard what.text.lowercased() == "limit" else {
        throw CommandParseError("expected 'limit' after 'history', found '\(what.text)'", column: what.column)
      }
      return .historyLimit(try count(try cursor.requiredWord("a number of entries", usage: usage), allowsOff: false) ?? 1)
    case "width":
      let value = try cursor.requiredWord("a number of columns or 'unlimited'", usage: usage)
      if "unlimited".hasPrefix(value.text.lowercased()), value.text.count >= 2 { return .width(nil) }
      guard let columns = Int(value.text), columns >= Self.narrowestWidth else {
        throw CommandParseError(
          "expected a number of columns (at least \(Self.narrowestWidth)) or 'unlimited', found '\(value.text)'",
          column: value.column)
      }
      return .width(columns)
    case "wait":
      let what = try cursor.requiredWord("'limit'", usage: usage)
      guard what.text.lowercased() == "limit" else {
        throw CommandParseError("expected 'limit' after 'wait', found '\(what.text)'", column: what.column)
      }
      let value = try cursor.requiredWord("a duration or 'none'", usage: usage)
      do {
        return .waitLimit(try DurationText.parse(limit: value.text))
      } catch {
        throw CommandParseError(error.description, column: value.column)
      }
    default: break
    }
    guard "diff".hasPrefix(name.text.lowercased()) else {
      throw CommandParseError("unknown setting '\(name.text)' (usage: \(usage))", column: name.column)
    }
    let value = try cursor.requiredWord("full, summary or off", usage: usage)
    let matches = DiffDisplay.allCases.filter { $0.rawValue.hasPrefix(value.text.lowercased()) }
    guard matches.count == 1 else {
      throw CommandParseError("expected full, summary or off, found '\(value.text)'", column: value.column)
    }
    return .diff(matches[0])
  }

  /// `policy pause|break|warn`, `limit N|off`, `window DURATION`, `depth N|off`.
  static func cycleSetting(_ cursor: inout ArgumentCursor, usage: CommandUsage) throws(CommandParseError) -> CycleOverrides {
    let what = try cursor.requiredWord("policy, limit, window or depth", usage: usage)
    let value = try cursor.requiredWord("a value", usage: usage)
    switch what.text.lowercased() {
    case "policy":
      guard let policy = CyclePolicy(rawValue: value.text.lowercased()) else {
        throw CommandParseError("expected pause, break or warn, found '\(value.text)'", column: value.column)
      }
      return CycleOverrides(policy: policy)
    case "limit": return CycleOverrides(limit: .some(try count(value, allowsOff: true)))
    case "depth": return CycleOverrides(depth: .some(try count(value, allowsOff: true)))
    case "window":
      do {
        let window = try DurationText.parse(value.text)
        guard window > .zero else { throw CommandParseError("the window must be longer than 0", column: value.column) }
        return CycleOverrides(window: window)
      } catch let error as CommandParseError {
        throw error
      } catch {
        throw CommandParseError("\(error)", column: value.column)
      }
    default:
      throw CommandParseError("unknown cycle setting '\(what.text)': use policy, limit, window or depth", column: what.column)
    }
  }

  /// A positive count up to a million, or `off` (nil) where allowed.
  static func count(_ piece: ArgumentCursor.Piece, allowsOff: Bool) throws(CommandParseError) -> Int? {
    if allowsOff, piece.text.lowercased() == "off" { return nil }
    guard let value = Int(piece.text), (1...1_000_000).contains(value) else {
      throw CommandParseError(
        "expected a whole number from 1 to 1000000\(allowsOff ? " or off" : ""), found '\(piece.text)'",
        column: piece.column)
    }
    return value
  }

  static func expectation(_ piece: ArgumentCursor.Piece) throws(CommandParseError) -> Command.Expectation {
    let words = piece.text.split(separator: " ", omittingEmptySubsequences: true)
    // `expect x == changed` compares with a value named `changed`; `expect x changed` has no
    // operator where a condition would split.
    if words.count >= 2, words.last == "changed", StateCondition.split(piece.text) == nil {
      let pathText = String(piece.text.dropLast("changed".count)).trimmingTrailingSpaces()
      return .changed(path: try checkedPath(ArgumentCursor.Piece(text: pathText, column: piece.column)))
    }
    return .condition(try conditionOnTheState(piece, "use it in `break … if` or `condition`"))
  }

  /// A condition on the state, refusing one on `$action` with `advice`: only a breakpoint
  /// has an action to read.
  private static func conditionOnTheState(_ piece: ArgumentCursor.Piece, _ advice: String) throws(CommandParseError) -> StateCondition {
    let condition = try stateCondition(piece)
    guard condition.subject == .state else {
      throw CommandParseError(
        "\(StateCondition.actionName) names the action a breakpoint stops before: \(advice)", column: piece.column)
    }
    return condition
  }

  // MARK: - Checked arguments

  /// Checks the syntax of action text now, so a typo is reported at its column in the line;
  /// whether it fits the feature's `Action` type is checked when it is sent, from the literal
  /// read here.
  static func checkedAction(_ piece: ArgumentCursor.Piece) throws(CommandParseError) -> ActionArgument {
    do {
      return ActionArgument(text: piece.text, literal: try ActionTextParser().parse(piece.text))
    } catch {
      throw CommandParseError("bad action: \(error.message)", column: piece.column + error.column - 1)
    }
  }

  static func checkedPath(_ piece: ArgumentCursor.Piece) throws(CommandParseError) -> String {
    _ = try statePath(piece)
    return piece.text
  }

  static func statePath(_ piece: ArgumentCursor.Piece) throws(CommandParseError) -> StatePath {
    do {
      return try StatePath(parsing: piece.text)
    } catch {
      if case .invalidSyntax(let message) = error.reason {
        throw CommandParseError("bad path '\(piece.text)': \(message)", column: piece.column + (error.column ?? 1) - 1)
      }
      throw CommandParseError("bad path '\(piece.text)': \(error)", column: piece.column)
    }
  }

  static func stateCondition(_ piece: ArgumentCursor.Piece) throws(CommandParseError) -> StateCondition {
    do {
      return try StateCondition(parsing: piece.text)
    } catch {
      // A bad path inside the condition comes without a column; it starts the condition.
      throw CommandParseError(error.message, column: piece.column + (error.column ?? 1) - 1)
    }
  }

  /// `PATH = VALUE` of `set var`.
  static func stateEdit(_ piece: ArgumentCursor.Piece) throws(CommandParseError) -> StateEdit {
    do {
      return try StateEdit(parsing: piece.text)
    } catch {
      throw CommandParseError(error.message, column: piece.column + (error.column ?? 1) - 1)
    }
  }

  /// Case-name globs: letters, digits, `_`, `.` between names, `*` and `?`.
  static func checkedPattern(_ piece: ArgumentCursor.Piece) throws(CommandParseError) -> String {
    for (offset, character) in piece.text.enumerated()
    where !(character.isLetter || character.isNumber || "_.*?".contains(character)) {
      throw CommandParseError(
        "unexpected '\(character)' in the pattern '\(piece.text)': use case names, '.', '*' and '?'",
        column: piece.column + offset)
    }
    return piece.text
  }

  static func duration(_ piece: ArgumentCursor.Piece) throws(CommandParseError) -> Duration {
    do {
      return try DurationText.parse(piece.text)
    } catch {
      throw CommandParseError(error.description, column: piece.column)
    }
  }

  /// `state`'s and `print`'s argument, `[PATH] [at N]`: a path has no spaces, so a last
  /// `at N` is the entry whose state to show.
  static func state(_ piece: ArgumentCursor.Piece?) throws(CommandParseError) -> Command {
    guard let piece else { return .state(path: nil) }
    let (path, entry) = try pathAndEntry(piece)
    return .state(path: path, at: entry)
  }

  /// `why PATH [at N]`.
  static func why(_ cursor: inout ArgumentCursor, usage: CommandUsage) throws(CommandParseError) -> Command {
    let piece = try cursor.requiredRest("a state path", usage: usage)
    let (path, entry) = try pathAndEntry(piece)
    guard let path else { throw CommandParseError("expected a state path before 'at' (usage: \(usage))", column: piece.column) }
    return .why(path: path, at: entry)
  }

  /// `history PATH [WINDOW]`: every change of PATH, the last few unless a window says more.
  static func pathHistory(_ cursor: inout ArgumentCursor, usage: CommandUsage) throws(CommandParseError) -> Command {
    let (path, window) = try trailingWindow(of: try cursor.requiredRest("a state path", usage: usage), usage: usage)
    guard let path else { throw CommandParseError("expected a state path (usage: \(usage))", column: cursor.column) }
    return .pathHistory(path: try checkedPath(path), window == .all ? .last(CommandInterpreter.defaultLogCount) : window)
  }

  /// `bisect CONDITION`: a condition on the state, as `expect`'s.
  static func bisect(_ cursor: inout ArgumentCursor, usage: CommandUsage) throws(CommandParseError) -> Command {
    .bisect(try conditionOnTheState(try cursor.requiredRest("a condition", usage: usage), "bisect asks about states"))
  }

  /// `shrink [budget N] [CONDITION]`: the failure to keep (none: the cycle warned of, or the job that failed) and
  /// the most replays to run.
  static func shrink(_ cursor: inout ArgumentCursor, usage: CommandUsage) throws(CommandParseError) -> Command {
    var budget = Command.defaultShrinkBudget
    var ahead = cursor
    if ahead.word()?.text == "budget", let count = ahead.word(), let number = Int(count.text) {
      guard number >= 1 else { throw CommandParseError("the replay budget must be at least 1", column: count.column) }
      budget = number
      cursor = ahead
    }
    guard let piece = cursor.rest() else { return .shrink(nil, budget: budget) }
    return .shrink(.condition(try conditionOnTheState(piece, "shrink keeps a failure of the last state")), budget: budget)
  }

  /// `trace PATTERN [if CONDITION] print PATH…`: the condition runs to the word `print`
  /// outside quotes and brackets; the paths are the words after it.
  static func logPoint(_ cursor: inout ArgumentCursor, usage: CommandUsage) throws(CommandParseError) -> Command {
    let pattern = try checkedPattern(try cursor.requiredWord("an action pattern", usage: usage))
    let rest = try cursor.requiredRest("'print PATH…' or 'if CONDITION print PATH…'", usage: usage)
    var condition: StateCondition?
    var printed = rest
    if rest.text.hasPrefix("if ") {
      guard let split = wordOutsideLiterals("print", in: rest.text) else {
        throw CommandParseError("expected 'print PATH…' after the condition (usage: \(usage))", column: rest.column + rest.text.count)
      }
      let conditionText = String(rest.text[rest.text.index(rest.text.startIndex, offsetBy: 3)..<split])
      condition = try stateCondition(ArgumentCursor.Piece(text: conditionText, column: rest.column + 3))
      let offset = rest.text.distance(from: rest.text.startIndex, to: split)
      printed = ArgumentCursor.Piece(text: String(rest.text[split...]), column: rest.column + offset)
    }
    let words = wordsOutsideLiterals(printed.text)
    guard let keyword = words.first, keyword.text == "print" else {
      throw CommandParseError("expected 'print PATH…' after the pattern (usage: \(usage))", column: printed.column)
    }
    var prints: [TracedPath] = []
    for word in words.dropFirst() {
      do {
        prints.append(try TracedPath(parsing: word.text))
      } catch {
        throw CommandParseError(error.message, column: printed.column + word.offset + (error.column ?? 1) - 1)
      }
    }
    guard !prints.isEmpty else {
      throw CommandParseError("expected a path to print after 'print' (usage: \(usage))", column: printed.column + printed.text.count)
    }
    return .trace(LogPoint(pattern: pattern, condition: condition, prints: prints))
  }

  /// Where the word `word` starts in `text`, standing alone outside strings and brackets.
  private static func wordOutsideLiterals(_ word: String, in text: String) -> String.Index? {
    wordsOutsideLiterals(text).first { $0.text == word }.map { text.index(text.startIndex, offsetBy: $0.offset) }
  }

  /// The words of `text`, split at spaces outside strings and brackets (`todos[id: 3].title`
  /// is one word), each with its offset in characters.
  private static func wordsOutsideLiterals(_ text: String) -> [(text: String, offset: Int)] {
    var scanner = LexicalScanner()
    var words: [(text: String, offset: Int)] = []
    var current = ""
    var start = 0
    for (offset, character) in text.enumerated() {
      let role = scanner.consume(character)
      if character == " ", role == .plain, scanner.depth == 0 {
        if !current.isEmpty { words.append((current, start)) }
        current = ""
        continue
      }
      if current.isEmpty { start = offset }
      current.append(character)
    }
    if !current.isEmpty { words.append((current, start)) }
    return words
  }

  /// A state path that may end in `at N` (the history entry it is read after): the path
  /// (`nil` for `at N` alone) and the entry.
  static func pathAndEntry(_ piece: ArgumentCursor.Piece) throws(CommandParseError) -> (path: String?, entry: Int?) {
    var words = piece.text.split(separator: " ", omittingEmptySubsequences: true)
    guard words.count >= 2, words[words.count - 2] == "at" else { return (try checkedPath(piece), nil) }
    guard let entry = Int(words[words.count - 1]), entry >= 0 else {
      throw CommandParseError("expected a history index after 'at', found '\(words[words.count - 1])'", column: piece.column)
    }
    words.removeLast(2)
    guard !words.isEmpty else { return (nil, entry) }
    return (try checkedPath(ArgumentCursor.Piece(text: words.joined(separator: " "), column: piece.column)), entry)
  }

  /// `find TEXT [at N]`: a trailing `at N` names the history entry; quote the text to
  /// find `at` followed by a number itself. The words are the cursor's, as every command's are.
  static func search(_ cursor: inout ArgumentCursor, usage: CommandUsage) throws(CommandParseError) -> Command {
    let column = cursor.column
    var words = [try cursor.requiredWord("the text to find", usage: usage)]
    while let word = cursor.word() { words.append(word) }
    var index: Int?
    if words.count >= 3, words[words.count - 2].text == "at", let entry = Int(words[words.count - 1].text) {
      guard entry >= 0 else { throw CommandParseError("expected a history index, found '\(entry)'", column: column) }
      index = entry
      words.removeLast(2)
    }
    // Joined by one space, as the text has always been read: `find oat  milk` finds "oat milk".
    let text = unquoted(words.map(\.text).joined(separator: " "))
    guard !text.isEmpty else { throw CommandParseError("expected the text to find", column: column) }
    return .find(text: text, at: index)
  }

  /// `text` without the double quotes it may be wrapped in (for text with spaces or `#`),
  /// or another of `quotes`.
  static func unquoted(_ text: String, quotes: [String] = ["\""]) -> String {
    for quote in quotes where text.count >= 2 && text.hasPrefix(quote) && text.hasSuffix(quote) {
      return String(text.dropFirst().dropLast())
    }
    return text
  }

  /// A breakpoint's id, or `$bpnum` for the one made last (``Breakpoint/lastMadeID``), which
  /// `save breakpoints` writes.
  static func breakpointID(_ piece: ArgumentCursor.Piece) throws(CommandParseError) -> Int {
    if piece.text == "$bpnum" { return Breakpoint.lastMadeID }
    return try ArgumentCursor.integer(piece, "a breakpoint id")
  }

  /// `save FILE` or `save breakpoints FILE`.
  static func save(_ piece: ArgumentCursor.Piece) throws(CommandParseError) -> Command {
    var cursor = ArgumentCursor(piece.text)
    guard cursor.word()?.text == "breakpoints" else { return .save(path: try fileName(piece)) }
    guard let file = cursor.rest() else {
      throw CommandParseError(
        "expected a file name after 'breakpoints' (to save the session to a file called breakpoints, write ./breakpoints)",
        column: piece.column + piece.text.count)
    }
    return .saveBreakpoints(path: try fileName(ArgumentCursor.Piece(text: file.text, column: piece.column + file.column - 1)))
  }

  /// A file name, without the double quotes it may be wrapped in (for names with spaces).
  static func fileName(_ piece: ArgumentCursor.Piece) throws(CommandParseError) -> String {
    let text = unquoted(piece.text)
    guard !text.isEmpty else { throw CommandParseError("\(piece.text) is an empty file name", column: piece.column) }
    return text
  }
}

extension String {
  fileprivate func trimmingTrailingSpaces() -> String {
    var text = self
    while text.last?.isWhitespace == true { text.removeLast() }
    return text
  }
}
