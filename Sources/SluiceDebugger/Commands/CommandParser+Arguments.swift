import Sluice
extension CommandParser {
  /// Reads the arguments `word` takes from the rest of the line.
  func parseArguments(of word: CommandWord, _ cursor: inout ArgumentCursor) throws(CommandParseError) -> Command {
    let usage = CommandUsage(word.usage)
    let command: Command
    switch word.name {
    case "help":
      var topic: String?
      if let piece = cursor.word() {
        do {
          topic = try CommandWord.resolve(piece.text).name
        } catch {
          throw CommandParseError(error.description, column: piece.column)
        }
      }
      command = .help(topic: topic)
    case "send":
      command = .send(action: try Self.checkedAction(try cursor.requiredRest("an action", usage: usage)))
    case "state":
      command = .state(path: try cursor.rest().map(Self.checkedPath))
    case "print":
      command = .state(path: try Self.checkedPath(try cursor.requiredRest("a state path", usage: usage)))
    case "diff":
      if cursor.isAtEnd {
        command = .diff(.lastAction)
      } else {
        let from = try cursor.integer("a history index", usage: usage)
        var to: Int?
        if let piece = cursor.word() { to = try ArgumentCursor.integer(piece, "a history index") }
        command = .diff(.between(from: from, to: to))
      }
    case "log":
      command = .log(try Self.logQuery(&cursor, usage: usage))
    case "show":
      command = .show(index: try cursor.integer("a history index", usage: usage))
    case "break", "tbreak":
      command = .addBreakpoint(try Self.breakpointKind(&cursor, usage: usage), isOneShot: word.name == "tbreak")
    case "watch":
      let piece = try cursor.requiredRest("a state path", usage: usage)
      command = .addBreakpoint(.watch(path: try Self.statePath(piece)), isOneShot: false)
    case "delete":
      var ids: [Int] = []
      while let piece = cursor.word() { ids.append(try ArgumentCursor.integer(piece, "a breakpoint id")) }
      command = .delete(ids: ids)
    case "enable", "disable":
      command = .setEnabled(id: try cursor.integer("a breakpoint id", usage: usage), enabled: word.name == "enable")
    case "ignore":
      let id = try cursor.integer("a breakpoint id", usage: usage)
      command = .ignore(id: id, count: try cursor.integer("a count", usage: usage))
    case "info":
      command = .info(try Self.infoTopic(&cursor, usage: usage))
    case "step": command = .step
    case "next": command = .next
    case "continue": command = .continue
    case "pause": command = .pause
    case "jobs": command = .info(.jobs)
    case "features": command = .info(.features)
    case "backtrace": command = .backtrace
    case "jump": command = .jump(index: try cursor.integer("a history index", usage: usage))
    case "toggle": command = .toggle(index: try cursor.integer("a history index", usage: usage))
    case "reset": command = .reset
    case "commit": command = .commit
    case "save": command = .save(path: try Self.fileName(try cursor.requiredRest("a file name", usage: usage)))
    case "load": command = .load(path: try Self.fileName(try cursor.requiredRest("a file name", usage: usage)))
    case "source": command = .source(path: try Self.fileName(try cursor.requiredRest("a file name", usage: usage)))
    case "set": command = .set(try Self.setting(&cursor, usage: usage))
    case "use": command = .use(feature: try cursor.requiredWord("a feature name", usage: usage).text)
    case "quit": command = .quit
    case "expect": command = .expect(try Self.expectation(try cursor.requiredRest("an expectation", usage: usage)))
    case "wait":
      var next = cursor.word()
      let allowsRunning = next?.text == "--allow-running"
      if allowsRunning { next = cursor.word() }
      command = .wait(timeout: try next.map(Self.duration), allowsRunning: allowsRunning)
    case "advance": command = .advance(try Self.duration(try cursor.requiredWord("a duration", usage: usage)))
    default:
      // Every name in `CommandWord.all` has a case above; a new word without one is a bug
      // here, reported rather than crashing.
      throw CommandParseError("'\(word.name)' is not implemented", column: 1)
    }
    try cursor.expectEnd(usage: usage)
    return command
  }

  private static func logQuery(_ cursor: inout ArgumentCursor, usage: CommandUsage) throws(CommandParseError) -> Command.LogQuery {
    guard let piece = cursor.word() else { return .last(nil) }
    switch piece.text {
    case "case":
      return .matchingCase(try checkedPattern(try cursor.requiredWord("a case-name pattern", usage: usage)))
    case "changed":
      return .changing(path: try checkedPath(try cursor.requiredRest("a state path", usage: usage)))
    default:
      guard let count = Int(piece.text), count >= 0 else {
        throw CommandParseError(
          "expected a count, 'case PATTERN' or 'changed PATH', found '\(piece.text)'", column: piece.column)
      }
      return .last(count)
    }
  }

  private static func breakpointKind(_ cursor: inout ArgumentCursor, usage: CommandUsage) throws(CommandParseError) -> Breakpoint.Kind {
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
      let condition = try stateCondition(try cursor.requiredRest("a condition: PATH OP VALUE", usage: usage))
      return .action(pattern: pattern, condition: condition)
    }
  }

  private static func infoTopic(_ cursor: inout ArgumentCursor, usage: CommandUsage) throws(CommandParseError) -> Command.InfoTopic {
    let piece = try cursor.requiredWord("a topic", usage: usage)
    let matches = Command.InfoTopic.allCases.filter { $0.rawValue.hasPrefix(piece.text.lowercased()) }
    guard matches.count == 1 else {
      let topics = Command.InfoTopic.allCases.map(\.rawValue).joined(separator: ", ")
      throw CommandParseError("unknown info topic '\(piece.text)': use one of \(topics)", column: piece.column)
    }
    return matches[0]
  }

  private static func setting(_ cursor: inout ArgumentCursor, usage: CommandUsage) throws(CommandParseError) -> Command.Setting {
    let name = try cursor.requiredWord("a setting", usage: usage)
    switch name.text.lowercased() {
    case "cycle": return .cycle(try cycleSetting(&cursor, usage: usage))
    case "history":
      let what = try cursor.requiredWord("'limit'", usage: usage)
      guard what.text.lowercased() == "limit" else {
        throw CommandParseError("expected 'limit' after 'history', found '\(what.text)'", column: what.column)
      }
      return .historyLimit(try count(try cursor.requiredWord("a number of entries", usage: usage), allowsOff: false) ?? 1)
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
  private static func cycleSetting(_ cursor: inout ArgumentCursor, usage: CommandUsage) throws(CommandParseError) -> CycleOverrides {
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
  private static func count(_ piece: ArgumentCursor.Piece, allowsOff: Bool) throws(CommandParseError) -> Int? {
    if allowsOff, piece.text.lowercased() == "off" { return nil }
    guard let value = Int(piece.text), (1...1_000_000).contains(value) else {
      throw CommandParseError(
        "expected a whole number from 1 to 1000000\(allowsOff ? " or off" : ""), found '\(piece.text)'",
        column: piece.column)
    }
    return value
  }

  private static func expectation(_ piece: ArgumentCursor.Piece) throws(CommandParseError) -> Command.Expectation {
    let words = piece.text.split(separator: " ", omittingEmptySubsequences: true)
    // `expect x == changed` compares with a value named `changed`; `expect x changed` has no
    // operator where a condition would split.
    if words.count >= 2, words.last == "changed", StateCondition.split(piece.text) == nil {
      let pathText = String(piece.text.dropLast("changed".count)).trimmingTrailingSpaces()
      return .changed(path: try checkedPath(ArgumentCursor.Piece(text: pathText, column: piece.column)))
    }
    return .condition(try stateCondition(piece))
  }

  // MARK: - Checked arguments

  /// Checks the syntax of action text now, so a typo is reported at its column in the line;
  /// whether it fits the feature's `Action` type is checked when it is sent.
  static func checkedAction(_ piece: ArgumentCursor.Piece) throws(CommandParseError) -> String {
    do {
      _ = try ActionTextParser().parse(piece.text)
    } catch {
      throw CommandParseError("bad action: \(error.message)", column: piece.column + error.column - 1)
    }
    return piece.text
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

  /// A file name, without the double quotes it may be wrapped in (for names with spaces).
  static func fileName(_ piece: ArgumentCursor.Piece) throws(CommandParseError) -> String {
    var text = piece.text
    if text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") {
      text = String(text.dropFirst().dropLast())
    }
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
