import SluiceDebugger

/// Tab completion for the command language, derived from the table of commands:
/// command names first, then, for each argument, the values its slot takes, from the live
/// debugger: feature names, action cases and labels, state paths, file names, breakpoint
/// ids, history entries, job ids and names, case names, and the fixed words of a form
/// (`job`, `cycle`, `if`, `changed`, setting names).
///
/// The shell asks it on Tab; a client of the JSON protocol asks it with a request
/// `{"id": 1, "complete": ".inc"}`, which a program's agent answers from the program's own
/// stores, so completion attached is completion hosted. File names are the files of the
/// process that answers, the folder `save` and `load` read from.
@MainActor
public final class CommandCompletion {
  private let interpreter: CommandInterpreter
  /// History entries offered, newest first.
  static let entryLimit = 30

  /// Completes against `interpreter`'s debugger and its current session, with the commands
  /// of its table.
  public init(interpreter: CommandInterpreter) {
    self.interpreter = interpreter
  }

  private var table: CommandTable { interpreter.table }

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
    guard let command = try? table.resolve(first) else { return .none }
    let arguments = Array(words.complete.dropFirst())
    let slots = Self.slots(of: command, after: arguments)
    // An action runs to the end of the line: it is completed as a whole.
    if arguments.isEmpty, slots.contains(.action) {
      return actions(words.rest(after: 1))
    }
    var seen: Set<String> = []
    let offered = slots.flatMap { candidates(for: $0, partial: words.partial) }
      .filter { $0.text.hasPrefix(words.partial) && seen.insert($0.text).inserted }
    return Completions(stem: words.partial, candidates: offered)
  }

  // MARK: - Arguments

  /// The slots the next argument may fill, given the arguments typed so far: in each form
  /// of the command whose fixed words agree with them, and of those, the forms that matched
  /// the most fixed words (`break job` is the job form, not a pattern named `job`).
  static func slots(of command: CommandWord, after arguments: [String]) -> [ArgumentSlot] {
    let matches = command.forms.compactMap { form -> (slot: ArgumentSlot, keywords: Int)? in
      var position = 0
      var keywords = 0
      for argument in arguments {
        guard position < form.count else { return nil }
        switch form[position] {
        case .keyword(let word):
          guard argument == word else { return nil }
          keywords += 1
          position += 1
        case .repeated:
          break
        default:
          position += 1
        }
      }
      return position < form.count ? (form[position], keywords) : nil
    }
    let most = matches.map(\.keywords).max() ?? 0
    return matches.filter { $0.keywords == most }.map(\.slot)
  }

  private func candidates(for slot: ArgumentSlot, partial: String) -> [Completion] {
    let session = interpreter.debugger.current?.inspection
    switch slot {
    case .command:
      return commandNames(startingWith: partial)
    case .feature:
      return interpreter.debugger.registry.features.map { Completion($0.name, display: "\($0.name)  \($0.summary)") }
    case .path, .condition:
      return session.map { StatePathCompletion.candidates(for: partial, in: $0) } ?? []
    case .file:
      return FileNameCompletion.candidates(for: partial)
    case .breakpointID:
      let breakpoints = interpreter.debugger.current?.breakpointControl.breakpoints ?? []
      return breakpoints.map { Completion(String($0.id), display: "\($0.id)  \($0)") }
    case .historyIndex:
      return entries(in: session)
    case .casePattern:
      return caseNames(in: session).map { Completion($0) }
    case .jobName:
      return jobNames(in: session).map { Completion($0) }
    case .job:
      let jobs = session?.jobs.map(\.job) ?? []
      return jobs.map { Completion(String($0.id.rawValue), display: "\($0.id.rawValue)  \($0.name)") }
        + jobNames(in: session).map { Completion($0) }
    case .keyword(let word):
      return [Completion(word)]
    case .choice(let words):
      return words.map { Completion($0) }
    case .repeated(let slot):
      return candidates(for: slot, partial: partial)
    case .action, .value, .duration, .count, .text:
      return []
    }
  }

  private func commandNames(startingWith prefix: String) -> [Completion] {
    table.words.filter { $0.name.hasPrefix(prefix.lowercased()) }.map { Completion($0.name) }
  }

  private func entries(in session: (any SessionInspection)?) -> [Completion] {
    let records = session?.history(last: Self.entryLimit) ?? []
    return records.reversed().map { Completion(String($0.index), display: "\($0.index)  \($0.action)") }
  }

  /// The case paths a pattern can name: every case the action type describes (nested ones
  /// as `cart.checkout`), then any others the history holds (an action type that does not
  /// describe itself).
  private func caseNames(in session: (any SessionInspection)?) -> [String] {
    var seen: Set<String> = []
    let described = (session?.actionDescription?.allCasePaths ?? []).map { $0.joined(separator: ".") }
    let recorded = (session?.history(last: nil) ?? []).map(\.caseName)
    return (described + recorded).filter { seen.insert($0).inserted }
  }

  private func jobNames(in session: (any SessionInspection)?) -> [String] {
    var seen: Set<String> = []
    return (session?.jobs ?? []).map(\.job.name).filter { seen.insert($0).inserted }
  }

  // MARK: - Actions

  /// Completes the action being typed: `.inc` → `.increment`.
  private func actions(_ text: String) -> Completions {
    guard let session = interpreter.debugger.current?.inspection else { return .none }
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
