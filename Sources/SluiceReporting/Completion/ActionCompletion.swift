import Sluice
import SluiceDebugger

/// Completes the action being typed after `send` or at the start of a line: case names
/// with their argument labels (`.ad` → `.add(title: `), nested cases (`.todo(.tog` →
/// `.todo(.toggle(id: `), labels inside an open case (`.add(ti` → `.add(title: `), and a
/// binding's property (`.binding(.set(\.qu` → `.binding(.set(\.query, `), nested ones too
/// (`\.filter.text`), from the state's `bindableProperties`.
///
/// Cases come from the feature's action description (`@Scriptable`). A feature without
/// one can still be sent any action; then only the cases already in its history are
/// offered, by name.
enum ActionCompletion {
  @MainActor
  static func completions(for text: String, in session: any SessionInspection) -> Completions {
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
    case .bindingProperty(let prefix, let names):
      let candidates = names.filter { $0.hasPrefix(prefix) }.map {
        Completion("\\." + $0 + ", ", display: "\\." + $0, isFinal: false)
      }
      return Completions(stem: "\\." + prefix, candidates: candidates)
    case .none:
      return .none
    }
  }

  /// What follows a case name when it is chosen: `(` and the first label, and a `.` when
  /// the only argument is another action enum or a binding.
  private static func opening(_ found: ActionCaseDescription) -> String {
    guard let first = found.parameters.first else { return "" }
    let label = first.label.map { $0 + ": " } ?? ""
    let isEnum = first.nested != nil || ActionTextContext.bindableNames(of: found) != nil
    let nested = found.parameters.count == 1 && isEnum ? "." : ""
    return "(" + label + nested
  }

  /// The cases already sent, by name: all that is known of an action without description.
  @MainActor
  private static func fromHistory(_ text: String, in session: any SessionInspection) -> Completions {
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
    /// `\.qu` as the first argument of a binding's `.set(`: one of `names`, the properties
    /// the binding may set.
    case bindingProperty(String, names: [String])
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
    /// The properties a binding may set, in the `(` of a case whose payload is a binding
    /// (`.binding(`) and in the `.set(` inside it.
    var bindable: [String]?
    /// Whether this is a binding's `.set(`, whose first argument names the property.
    var isBindingSet = false
    /// How many `,` were typed in it.
    var commas = 0
  }

  /// A binding's one case, as the debugger reads it: `.set(\.query, "milk")`.
  private static let binding = ActionDescription(
    typeName: "BindingAction",
    cases: [
      ActionCaseDescription(
        name: "set",
        parameters: [
          ActionParameterDescription(label: nil, position: 0, typeName: "KeyPath", valueType: AnyKeyPath.self),
          ActionParameterDescription(label: nil, position: 1, typeName: "Value", valueType: Any.self),
        ])
    ])

  /// The properties a binding may set, when `found`'s payload is a binding.
  static func bindableNames(of found: ActionCaseDescription?) -> [String]? {
    guard let found, found.parameters.count == 1 else { return nil }
    return (found.parameters[0].valueType as? any BindablePropertyListing.Type)?.bindablePropertyNames
  }

  init(_ text: String, root: ActionDescription) {
    var frames: [Frame] = []
    var scanner = LexicalScanner()
    var word = ""
    var wordIsCase = false
    var lastCase: ActionCaseDescription?
    /// After `\`: a `.` starts a key path, not a case.
    var afterBackslash = false
    /// The key path typed after `\.`, while it goes on.
    var keyPath: String?

    /// The enum whose cases may appear at this point: the root outside any case, else the
    /// nested action of the parameter being filled in the innermost open case.
    func enclosing() -> ActionDescription? {
      guard let frame = frames.last else { return root }
      guard let openCase = frame.openCase else { return nil }
      if frame.bindable != nil, !frame.isBindingSet { return Self.binding }
      if let label = frame.lastLabel, let parameter = openCase.parameters.first(where: { $0.label == label }) {
        return parameter.nested
      }
      return openCase.nested
    }

    for character in text {
      if keyPath != nil {
        if character.isLetter || character.isNumber || character == "_" || character == "." {
          keyPath?.append(character)
          continue
        }
        keyPath = nil
      }
      if afterBackslash {
        afterBackslash = false
        if character == "." {
          keyPath = ""
          continue
        }
      }
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
      case "\\":
        afterBackslash = true
      case "(":
        var frame = Frame(openCase: wordIsCase ? lastCase : nil)
        if wordIsCase, let names = Self.bindableNames(of: lastCase) {
          frame.bindable = names
        } else if wordIsCase, word == "set", let parent = frames.last, parent.openCase != nil, let names = parent.bindable {
          frame.bindable = names
          frame.isBindingSet = true
        }
        frames.append(frame)
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
          frames[frames.count - 1].commas += 1
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
    } else if let keyPath, let frame = frames.last, frame.isBindingSet, frame.commas == 0, let names = frame.bindable {
      partial = .bindingProperty(keyPath, names: names)
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
