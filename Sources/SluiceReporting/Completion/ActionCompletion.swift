import Sluice
import SluiceDebugger

/// Completes the action being typed after `send` or at the start of a line: case names
/// with their argument labels (`.ad` → `.add(title: `), nested cases (`.todo(.tog` →
/// `.todo(.toggle(id: `), and labels inside an open case (`.add(ti` → `.add(title: `).
///
/// Cases come from the feature's action description (`@Scriptable`). A feature without
/// one can still be sent any action; then only the cases already in its history are
/// offered, by name.
enum ActionCompletion {
  @MainActor
  static func completions(for text: String, in session: any DebugSession) -> Completions {
    guard let description = session.actionDescription else { return fromHistory(text, in: session) }
    return completions(for: text, of: description)
  }

  /// The completions of `text` as an action of the enum `description` describes.
  static func completions(for text: String, of description: ActionDescription) -> Completions {
    let context = ActionTextContext(text, root: description)
    switch context.partial {
    case .caseName(let name, let enclosing):
      guard let enclosing else { return .none }
      let candidates = enclosing.cases.filter { $0.name.hasPrefix(name) }.map { found in
        Completion(
          "." + found.name + opening(found), display: "." + found.signature,
          isFinal: found.parameters.isEmpty && context.depth == 0)
      }
      return Completions(stem: "." + name, candidates: candidates)
    case .label(let prefix, let openCase):
      guard let openCase else { return .none }
      let candidates = openCase.parameters.compactMap { parameter -> Completion? in
        guard let label = parameter.label, label.hasPrefix(prefix) else { return nil }
        return Completion(label + ": " + (parameter.nested != nil ? "." : ""), display: parameter.signature, isFinal: false)
      }
      return Completions(stem: prefix, candidates: candidates)
    case .none:
      return .none
    }
  }

  /// What follows a case name when it is chosen: `(` and the first label, and a `.` when
  /// the only argument is another action enum.
  private static func opening(_ found: ActionCaseDescription) -> String {
    guard let first = found.parameters.first else { return "" }
    let label = first.label.map { $0 + ": " } ?? ""
    let nested = found.parameters.count == 1 && first.nested != nil ? "." : ""
    return "(" + label + nested
  }

  /// The cases already sent, by name: all that is known of an action without description.
  @MainActor
  private static func fromHistory(_ text: String, in session: any DebugSession) -> Completions {
    let name = text.hasPrefix(".") ? text.dropFirst() : Substring(text)
    guard name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return .none }
    var seen: Set<String> = []
    let cases = session.history(last: nil)
      .compactMap { $0.caseName.split(separator: ".").first.map(String.init) }
      .filter { seen.insert($0).inserted }
    let candidates = cases.map { Completion("." + $0, isFinal: false) }.filter { $0.text.hasPrefix("." + name) }
    return Completions(stem: text, candidates: candidates)
  }
}

/// Where the cursor is in partly typed action text: which enum a case name belongs to, or
/// which case's labels are being typed.
struct ActionTextContext {
  enum Partial {
    /// `.na` (or nothing at all): a case of `enclosing` (`nil` when not known).
    case caseName(String, enclosing: ActionDescription?)
    /// `ti` inside `.add(`: a label of `openCase`.
    case label(String, openCase: ActionCaseDescription?)
    /// Inside a string, after a value, or anything else.
    case none
  }

  private(set) var partial = Partial.none
  /// How many `(` and `[` are open.
  private(set) var depth = 0

  /// An open `(` of a case (what it is, and the label typed last in it), or a `[`.
  private struct Frame {
    var openCase: ActionCaseDescription?
    var lastLabel: String?
    /// After `label:`, until the next `,`: a value is being typed, not a label.
    var expectsValue = false
  }

  init(_ text: String, root: ActionDescription) {
    var frames: [Frame] = []
    var scanner = LexicalScanner()
    var word = ""
    var wordIsCase = false
    var lastCase: ActionCaseDescription?

    /// The enum whose cases may appear at this point: the root outside any case, else the
    /// nested action of the parameter being filled in the innermost open case.
    func enclosing() -> ActionDescription? {
      guard let frame = frames.last else { return root }
      guard let openCase = frame.openCase else { return nil }
      if let label = frame.lastLabel, let parameter = openCase.parameters.first(where: { $0.label == label }) {
        return parameter.nested
      }
      return openCase.nested
    }

    for character in text {
      if scanner.consume(character) == .quoted {
        if wordIsCase { lastCase = enclosing()?.case(named: word) }
        wordIsCase = false
        word = ""
        continue
      }
      if character.isLetter || character.isNumber || character == "_" {
        word.append(character)
        continue
      }
      if wordIsCase { lastCase = enclosing()?.case(named: word) }
      switch character {
      case ".":
        wordIsCase = true
        word = ""
        continue
      case "(":
        frames.append(Frame(openCase: wordIsCase ? lastCase : nil))
      case "[":
        frames.append(Frame(openCase: nil))
      case ")", "]":
        if !frames.isEmpty { frames.removeLast() }
      case ":":
        if !frames.isEmpty, !word.isEmpty {
          frames[frames.count - 1].lastLabel = word
          frames[frames.count - 1].expectsValue = true
        }
      case ",":
        if !frames.isEmpty {
          frames[frames.count - 1].lastLabel = nil
          frames[frames.count - 1].expectsValue = false
        }
      default:
        break
      }
      wordIsCase = false
      word = ""
    }
    depth = frames.count
    if scanner.isInString {
      partial = .none
    } else if wordIsCase {
      partial = .caseName(word, enclosing: enclosing())
    } else if text.isEmpty {
      partial = .caseName("", enclosing: root)
    } else if let frame = frames.last, frame.openCase != nil, !frame.expectsValue,
      text.last.map({ $0 == "(" || $0 == " " || $0.isLetter }) == true, word.first?.isLetter ?? true
    {
      partial = .label(word, openCase: frame.openCase)
    }
  }
}
