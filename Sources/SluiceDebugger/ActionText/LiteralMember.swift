/// One keyed member of a literal, as a keyed decoding container sees it: a labeled
/// argument, a tuple element, a dictionary entry, or an enum case (its one key).
struct LiteralMember {
  /// The key's string form: a label, `_0` for the first unlabeled argument, a
  /// dictionary key, or a case name.
  var name: String
  /// The key's integer form, for dictionaries keyed by integers.
  var intKey: Int?
  var value: ActionLiteral
  var role: LiteralRole

  /// The members a literal offers to a keyed container, or `nil` if it has none.
  static func members(of literal: ActionLiteral, role: LiteralRole) -> [LiteralMember]? {
    switch literal {
    case .enumCase(let name, let arguments):
      return [LiteralMember(name: name, value: .tuple(arguments ?? []), role: .arguments)]
    case .tuple(let arguments):
      return arguments.enumerated().map { index, argument in
        LiteralMember(name: argument.label ?? "_\(index)", value: argument.value, role: .value)
      }
    case .dictionary(let entries):
      var members: [LiteralMember] = []
      members.reserveCapacity(entries.count)
      for entry in entries {
        guard let member = member(forKey: entry.key, value: entry.value) else { return nil }
        members.append(member)
      }
      return members
    default:
      return nil
    }
  }

  private static func member(forKey key: ActionLiteral, value: ActionLiteral) -> LiteralMember? {
    switch key {
    case .string(let text):
      return LiteralMember(name: text, value: value, role: .value)
    case .integer(let text):
      guard let number = LiteralNumbers.integer(Int.self, from: text) else { return nil }
      return LiteralMember(name: String(number), intKey: number, value: value, role: .value)
    case .enumCase(let name, nil):
      // `[.dark: 1]`: enum keys coded by their raw string value.
      return LiteralMember(name: name, value: value, role: .value)
    case .boolean(let flag):
      return LiteralMember(name: String(flag), value: value, role: .value)
    default:
      return nil
    }
  }
}

/// Whether a literal is an ordinary value or the argument list of an enum case.
/// Only changes how paths are shown and one convenience: a single-payload case
/// accepts its payload's labels directly (`.add(title: "Milk")` for `case add(Todo)`).
enum LiteralRole {
  case value
  case arguments
}
