import SluiceDebugger

/// Tab completion for the shell's command language: command names, then each command's
/// arguments from the live debugger: feature names after `use`, action cases after `send`
/// or a bare `.`, state paths after `print`, `state`, `watch`, `expect` and `log changed`,
/// file names after `save`, `load` and `source`, breakpoint ids after `delete`, `enable`,
/// `disable` and `ignore`, history entries after `show`, `jump`, `toggle` and `diff`, and
/// the fixed words of `info`, `set`, `log`, `break` and `expect`.
@MainActor
public final class ShellCompletion: CompletionProvider {
  private let interpreter: CommandInterpreter
  /// History entries offered, newest first.
  static let entryLimit = 30

  /// Completes against `interpreter`'s debugger and its current session.
  public init(interpreter: CommandInterpreter) {
    self.interpreter = interpreter
  }

  /// The candidates for the word before the cursor in `text`, and the stem they share.
  public func completions(forTextBeforeCursor text: String) -> Completions {
    // A command continued over lines is completed on its last line.
    let line = text.split(separator: "\n", omittingEmptySubsequences: false).last.map(String.init) ?? text
    let leading = line.prefix { $0.isWhitespace }
    let body = String(line.dropFirst(leading.count))
    if body.hasPrefix(".") || body.hasPrefix("{") {
      return actions(body)
    }
    let words = CommandWords(body)
    guard let first = words.complete.first else {
      return Completions(stem: words.partial, candidates: commandNames(startingWith: words.partial))
    }
    guard let command = try? CommandWord.resolve(first) else { return .none }
    if command.name == "send" {
      return actions(words.rest(after: 1))
    }
    let arguments = Array(words.complete.dropFirst())
    let candidates = argumentCandidates(command.name, arguments: arguments, partial: words.partial)
    return Completions(stem: words.partial, candidates: candidates.filter { $0.text.hasPrefix(words.partial) })
  }

  // MARK: - Arguments

  private func argumentCandidates(_ command: String, arguments: [String], partial: String) -> [Completion] {
    let session = interpreter.debugger.current
    switch (command, arguments.count) {
    case ("help", 0):
      return commandNames(startingWith: partial)
    case ("use", 0):
      return interpreter.debugger.registry.features.map { Completion($0.name, display: "\($0.name)  \($0.summary)") }
    case ("print", 0), ("state", 0), ("watch", 0), ("expect", 0):
      return session.map { StatePathCompletion.candidates(for: partial, in: $0) } ?? []
    case ("expect", 1):
      return ["==", "!=", "<", "<=", ">", ">=", "contains", "changed"].map { Completion($0) }
    case ("log", 0):
      return [Completion("case"), Completion("changed")]
    case ("log", 1) where arguments[0] == "changed":
      return session.map { StatePathCompletion.candidates(for: partial, in: $0) } ?? []
    case ("log", 1) where arguments[0] == "case", ("break", 0), ("tbreak", 0):
      var words = command == "log" ? [] : [Completion("job"), Completion("cycle")]
      words += caseNames(in: session).map { Completion($0) }
      return words
    case ("break", _), ("tbreak", _):
      if arguments.first == "job", arguments.count == 1 {
        return jobNames(in: session).map { Completion($0) }
      }
      if arguments.last == "if" { return session.map { StatePathCompletion.candidates(for: partial, in: $0) } ?? [] }
      return arguments.count == 1 && arguments[0] != "cycle" ? [Completion("if")] : []
    case ("save", 0), ("load", 0), ("source", 0):
      return FileNameCompletion.candidates(for: partial)
    case ("delete", _), ("enable", 0), ("disable", 0), ("ignore", 0):
      return (session?.breakpoints ?? []).map { Completion(String($0.id), display: "\($0.id)  \($0)") }
    case ("show", 0), ("jump", 0), ("toggle", 0), ("diff", 0), ("diff", 1):
      return entries(in: session)
    case ("info", 0):
      return Command.InfoTopic.allCases.map { Completion($0.rawValue) }
    case ("set", 0):
      return [Completion("diff")]
    case ("set", 1) where arguments[0] == "diff":
      return DiffDisplay.allCases.map { Completion($0.rawValue) }
    default:
      return []
    }
  }

  private func commandNames(startingWith prefix: String) -> [Completion] {
    CommandWord.all.filter { $0.name.hasPrefix(prefix.lowercased()) }.map { Completion($0.name) }
  }

  private func entries(in session: (any DebugSession)?) -> [Completion] {
    let records = session?.history(last: Self.entryLimit) ?? []
    return records.reversed().map { Completion(String($0.index), display: "\($0.index)  \($0.action)") }
  }

  /// The case paths a pattern can name: every case the action type describes (nested ones
  /// as `cart.checkout`), then any others the history holds (an action type that does not
  /// describe itself).
  private func caseNames(in session: (any DebugSession)?) -> [String] {
    var seen: Set<String> = []
    let described = (session?.actionDescription?.allCasePaths ?? []).map { $0.joined(separator: ".") }
    let recorded = (session?.history(last: nil) ?? []).map(\.caseName)
    return (described + recorded).filter { seen.insert($0).inserted }
  }

  private func jobNames(in session: (any DebugSession)?) -> [String] {
    var seen: Set<String> = []
    return (session?.jobs ?? []).map(\.job.name).filter { seen.insert($0).inserted }
  }

  // MARK: - Actions

  /// Completes the action being typed: `.inc` → `.increment`.
  private func actions(_ text: String) -> Completions {
    guard let session = interpreter.debugger.current else { return .none }
    return ActionCompletion.completions(for: text, in: session)
  }
}

/// A command line split into words at spaces outside strings and brackets.
struct CommandWords {
  /// The words before the one being typed.
  var complete: [String] = []
  /// The word being typed (empty after a space).
  var partial = ""
  /// Where each complete word ends in the text, for `rest(after:)`.
  private var ends: [String.Index] = []
  private let text: String

  init(_ text: String) {
    self.text = text
    var scanner = LexicalScanner()
    var start: String.Index?
    var index = text.startIndex
    while index < text.endIndex {
      let character = text[index]
      if scanner.consume(character) == .plain, scanner.depth == 0, character.isWhitespace {
        if let wordStart = start {
          complete.append(String(text[wordStart..<index]))
          ends.append(index)
          start = nil
        }
      } else if start == nil {
        start = index
      }
      index = text.index(after: index)
    }
    partial = start.map { String(text[$0...]) } ?? ""
  }

  /// The text after the first `count` words, without the spaces before it.
  func rest(after count: Int) -> String {
    guard count > 0, count <= ends.count else { return count == 0 ? text : "" }
    return String(text[ends[count - 1]...].drop { $0.isWhitespace })
  }
}
