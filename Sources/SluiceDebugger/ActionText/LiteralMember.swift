/// One keyed member of a literal, as a keyed decoding container sees it: a labeled
/// argument, a tuple element, a dictionary entry, or an enum case (its one key).
struct LiteralMember {
  /// The key's string form when it was written: a label, a dictionary key, or a case name.
  /// An unlabeled argument has none; its key is `_` and its position (`_0`, `_1`, …).
  private var writtenName: String?
  /// The position among the literal's members.
  private var position = 0
  /// The key's integer form, for dictionaries keyed by integers.
  var intKey: Int?
  var value: ActionLiteral
  var role: LiteralRole

  init(name: String, intKey: Int? = nil, value: ActionLiteral, role: LiteralRole) {
    writtenName = name
    self.intKey = intKey
    self.value = value
    self.role = role
  }

  /// An unlabeled argument, whose key is `_` and its position.
  init(position: Int, value: ActionLiteral) {
    self.position = position
    self.value = value
    role = .value
  }

  /// The key's string form: `_0` for the first unlabeled argument.
  var name: String { writtenName ?? "_\(position)" }

  /// Whether the key's string form starts with `_`.
  var isUnderscored: Bool { writtenName?.hasPrefix("_") ?? true }

  /// Whether this member answers to `key`. Unlabeled arguments compare their position
  /// without spelling their name: this runs for every argument decoded.
  func matches(_ key: some CodingKey) -> Bool {
    if let intKey, intKey == key.intValue { return true }
    if let writtenName { return writtenName == key.stringValue }
    return Self.isPositionalName(key.stringValue, position)
  }

  /// Whether `name` is exactly `_` and the decimal digits of `position` (`_0`, `_12`).
  private static func isPositionalName(_ name: String, _ position: Int) -> Bool {
    var bytes = name.utf8.makeIterator()
    guard bytes.next() == UInt8(ascii: "_") else { return false }
    var digits = 0
    var value = 0
    var first: UInt8 = 0
    while let byte = bytes.next() {
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), digits < 18 else { return false }
      if digits == 0 { first = byte }
      value = value * 10 + Int(byte - UInt8(ascii: "0"))
      digits += 1
    }
    // `_01` is not the name of position 1.
    return digits > 0 && (first != UInt8(ascii: "0") || digits == 1) && value == position
  }

  /// The members a literal offers to a keyed container, or `nil` if it has none.
  static func members(of literal: ActionLiteral, role: LiteralRole) -> [LiteralMember]? {
    switch literal {
    case .enumCase(let name, let arguments):
      return [LiteralMember(name: name, value: .tuple(arguments ?? []), role: .arguments)]
    case .tuple(let arguments):
      return arguments.enumerated().map { index, argument in
        if let label = argument.label {
          LiteralMember(name: label, value: argument.value, role: .value)
        } else {
          LiteralMember(position: index, value: argument.value)
        }
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
