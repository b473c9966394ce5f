/// Shows a coding path the way the action was written: `.add(priority:)`,
/// `.todo(.toggle(id:))`, `.load(ids: [1])`, `.user.name`.
///
/// Walks the root literal alongside the coding keys, so it knows which key names an
/// enum case, which an argument label and which a struct field.
enum LiteralPath {
  /// The rendered path and the literal found at its end (if the keys lead somewhere).
  static func resolve(_ codingPath: some Collection<String>, in root: ActionLiteral) -> (
    text: String, literal: ActionLiteral?
  ) {
    var text = ""
    var openParentheses = 0
    var current: ActionLiteral? = root
    var role = LiteralRole.value
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
          // `_:` when the position is obvious, `_2:` when several are unlabeled.
          text += isUnlabeled ? (labels.count(where: { $0 == nil }) > 1 ? key : "_") + ":" : key + ":"
        } else if !isUnlabeled {
          text += key + ": "
        }
        if let value = member(named: key, in: arguments) {
          current = value
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
        current = Int(key).flatMap { elements.indices.contains($0) ? elements[$0] : nil }
      case (.dictionary(let entries)?, _):
        let entry = entries.first { entryKey in
          switch entryKey.key {
          case .string(let name): return name == key
          case .integer(let number):
            return LiteralNumbers.integer(Int.self, from: number).map(String.init) == key
          case .enumCase(let name, nil): return name == key
          default: return false
          }
        }
        if case .string? = entry?.key {
          text += "[\(SwiftStringEscaping.quoted(key))]"
        } else {
          text += "[\(key)]"
        }
        current = entry?.value
      default:
        text += Int(key) != nil ? "[\(key)]" : "." + key
        current = nil
      }
    }
    return (text + String(repeating: ")", count: openParentheses), current)
  }

  private static func member(named key: String, in arguments: [ActionLiteral.Argument]) -> ActionLiteral? {
    for (index, argument) in arguments.enumerated() where (argument.label ?? "_\(index)") == key {
      return argument.value
    }
    return nil
  }
}
