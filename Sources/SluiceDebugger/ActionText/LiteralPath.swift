/// Shows a coding path the way the action was written: `.add(priority:)`,
/// `.todo(.toggle(id:))`, `.load(ids: [1])`, `.user.name`.
///
/// Walks the root literal alongside the coding keys, so it knows which key names an
/// enum case, which an argument label and which a struct field.
enum LiteralPath {
  /// The rendered path, the literal found at its end (if the keys lead somewhere), and the
  /// deepest literal the keys reach, as its place in a depth-first walk of `root` (0 for
  /// the root): where the text of an error about the path starts.
  static func resolve(_ codingPath: some Collection<String>, in root: ActionLiteral) -> (
    text: String, literal: ActionLiteral?, reached: Int
  ) {
    var text = ""
    var openParentheses = 0
    var current: ActionLiteral? = root
    var role = LiteralRole.value
    // The place of `current` in the walk; children follow their parent, each after the
    // whole of the siblings before it.
    var place = 0
    var reached = 0
    func enter(_ child: ActionLiteral?, after siblings: some Sequence<ActionLiteral>) {
      current = child
      guard child != nil else { return }
      place += 1 + siblings.reduce(0) { $0 + $1.valueCount }
      reached = place
    }
    for (position, key) in codingPath.enumerated() {
      let isLast = position == codingPath.count - 1
      if case .tuple? = current, role == .value {
        // A struct literal `(name: "A")`: its fields read like arguments.
        text += "("
        openParentheses += 1
        role = .arguments
      }
      switch (current, role) {
      case (.tuple(let arguments)?, .arguments):
        let isUnlabeled = key.first == "_" && Int(key.dropFirst()) != nil
        let labels = arguments.map(\.label)
        if isLast {
          // An unlabeled argument is placed by the arguments before it (`_, _, _:` for the
          // third), never named by Swift's synthesized `_2`, which nobody writes.
          if isUnlabeled, let position = Int(key.dropFirst()), labels.count(where: { $0 == nil }) > 1 {
            text += labels.prefix(position).map { ($0.map { $0 + ":" } ?? "_") + ", " }.joined() + "_:"
          } else {
            text += (isUnlabeled ? "_" : key) + ":"
          }
        } else if !isUnlabeled {
          text += key + ": "
        }
        if let (offset, value) = member(named: key, in: arguments) {
          enter(value, after: arguments.prefix(offset).map(\.value))
          role = .value
        } else if key == "_0", !arguments.isEmpty, !labels.contains(nil) {
          // `.insert(id: 3)` for `case insert(Todo)`: the labels are the payload's.
          role = .arguments
        } else {
          current = nil
          role = .value
        }
      case (.enumCase(_, let arguments)?, _):
        text += "." + key
        if !isLast {
          text += "("
          openParentheses += 1
        }
        current = .tuple(arguments ?? [])
        role = .arguments
      case (.array(let elements)?, _):
        text += "[\(key)]"
        let index = Int(key).flatMap { elements.indices.contains($0) ? $0 : nil }
        enter(index.map { elements[$0] }, after: elements.prefix(index ?? 0))
      case (.dictionary(let entries)?, _):
        let offset = entries.firstIndex { entryKey in
          switch entryKey.key {
          case .string(let name): return name == key
          case .integer(let number):
            return LiteralNumbers.integer(Int.self, from: number).map(String.init) == key
          case .enumCase(let name, nil): return name == key
          default: return false
          }
        }
        let entry = offset.map { entries[$0] }
        if case .string? = entry?.key {
          text += "[\(SwiftStringEscaping.quoted(key))]"
        } else {
          text += "[\(key)]"
        }
        enter(entry?.value, after: entries.prefix(offset ?? 0).flatMap { [$0.key, $0.value] } + (entry.map { [$0.key] } ?? []))
      default:
        text += Int(key) != nil ? "[\(key)]" : "." + key
        current = nil
      }
    }
    return (text + String(repeating: ")", count: openParentheses), current, reached)
  }

  private static func member(named key: String, in arguments: [ActionLiteral.Argument]) -> (Int, ActionLiteral)? {
    for (index, argument) in arguments.enumerated() where (argument.label ?? "_\(index)") == key {
      return (index, argument.value)
    }
    return nil
  }
}

extension ActionLiteral {
  /// How many values a depth-first walk meets in this literal, itself included.
  var valueCount: Int {
    switch self {
    case .enumCase(_, let arguments): 1 + (arguments ?? []).reduce(0) { $0 + $1.value.valueCount }
    case .tuple(let arguments): 1 + arguments.reduce(0) { $0 + $1.value.valueCount }
    case .array(let elements): 1 + elements.reduce(0) { $0 + $1.valueCount }
    case .dictionary(let entries): 1 + entries.reduce(0) { $0 + $1.key.valueCount + $1.value.valueCount }
    case .string, .integer, .floatingPoint, .boolean, .nil: 1
    }
  }
}
