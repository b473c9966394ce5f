import Foundation

/// Short, readable names for types: no module prefixes, Swift's sugar for
/// arrays, dictionaries and optionals (`[Todo]`, `[String: Int]`, `User?`).
package enum TypeName {
  /// `Todos.State` for `MyModule.Todos.State`, `[Todo]` for `Swift.Array<MyModule.Todo>`.
  /// Computed once per type: parsing the runtime's name costs microseconds.
  static func short(_ type: Any.Type) -> String {
    cache.value(for: type) { short(String(reflecting: type)) }
  }

  /// Shortens a fully qualified type name as printed by `String(reflecting:)`.
  static func short(_ qualified: String) -> String {
    var reader = TypeNameReader(Array(qualified.unicodeScalars))
    guard let name = reader.readType(), reader.isAtEnd else {
      return qualified
    }
    return name
  }

  /// `name` as a Swift type name, its words joined and capitalized: `CheckoutSessionTests`
  /// for `checkout-session-tests`, `OrderBook` for `order-book`; `Session` goes before one
  /// that would start with a digit.
  package static func declarable(_ name: String) -> String {
    let words = name.split { !$0.isLetter && !$0.isNumber && $0 != "_" }
    let joined = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    return joined.first?.isLetter == true || joined.first == "_" ? joined : "Session" + joined
  }

  /// `type`'s short name after its indefinite article: `an Inventory.Action`.
  static func withArticle(_ type: Any.Type) -> String {
    withArticle(short(type))
  }

  /// `name` after the indefinite article it is said with: `an Inventory.Action`, `a
  /// Counter.Action`, `a UUID` and `an HTTPRequest` (an acronym is said letter by letter),
  /// `a User` (a "you" sound). Brackets and parentheses are read through: `an [Item]`.
  package static func withArticle(_ name: String) -> String {
    let letters = Array(name.drop { $0 == "[" || $0 == "(" })
    guard let first = letters.first?.uppercased().first else { return "a \(name)" }
    let second = letters.dropFirst().first
    let isAcronym = second.map { $0.isUppercase } ?? false
    let saysAVowel: Bool
    if isAcronym {
      // Letters whose names begin with a vowel sound: "an HTTP…", "an SQL…".
      saysAVowel = "AEFHILMNORSX".contains(first)
    } else if first == "U", let second, !"aeiou".contains(second), let third = letters.dropFirst(2).first,
      "aeiou".contains(third)
    {
      saysAVowel = false  // User, Unit, Usage: a "you" sound.
    } else {
      saysAVowel = "AEIOU".contains(first)
    }
    return (saysAVowel ? "an " : "a ") + name
  }

  private static let cache = TypeKeyedCache<String>()
}

/// A tiny parser for the type names the runtime prints: qualified names with
/// generic arguments, tuples, and the runtime's `(unknown context at $…)` segments.
private struct TypeNameReader {
  private let scalars: [Unicode.Scalar]
  private var index = 0

  init(_ scalars: [Unicode.Scalar]) {
    self.scalars = scalars
  }

  var isAtEnd: Bool { index == scalars.count }

  private var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

  private mutating func skipSpaces() {
    while current == " " { index += 1 }
  }

  mutating func readType() -> String? {
    skipSpaces()
    if current == "(" {
      return readTuple()
    }
    guard var components = readQualifiedName() else { return nil }
    var arguments: [String] = []
    if current == "<" {
      index += 1
      while true {
        guard let argument = readType() else { return nil }
        arguments.append(argument)
        skipSpaces()
        if current == "," {
          index += 1
          continue
        }
        if current == ">" {
          index += 1
          break
        }
        return nil
      }
    }
    // Nested types after generic arguments: `Outer<Int>.Inner`.
    var suffix = ""
    while current == ".", let more = readMemberAfterDot() {
      suffix += "." + more
    }
    if components.count > 1 { components.removeFirst() }  // the module
    let base = components.joined(separator: ".")
    switch (base, arguments.count, suffix.isEmpty) {
    case ("Array", 1, true): return "[\(arguments[0])]"
    case ("Optional", 1, true): return "\(arguments[0])?"
    case ("Dictionary", 2, true): return "[\(arguments[0]): \(arguments[1])]"
    case (_, 0, _): return base + suffix
    default: return base + "<" + arguments.joined(separator: ", ") + ">" + suffix
    }
  }

  private mutating func readMemberAfterDot() -> String? {
    let saved = index
    index += 1
    let name = readIdentifier()
    if name == nil { index = saved }
    return name
  }

  private mutating func readTuple() -> String? {
    index += 1
    var elements: [String] = []
    skipSpaces()
    if current == ")" {
      index += 1
      return "()"
    }
    while true {
      skipSpaces()
      // Labeled element: `name: Type`.
      let saved = index
      var label = ""
      if let name = readIdentifier(), current == ":" {
        index += 1
        label = name + ": "
      } else {
        index = saved
      }
      guard let type = readType() else { return nil }
      elements.append(label + type)
      skipSpaces()
      if current == "," {
        index += 1
        continue
      }
      if current == ")" {
        index += 1
        break
      }
      return nil
    }
    return "(" + elements.joined(separator: ", ") + ")"
  }

  /// `A.B.C`, dropping runtime-only segments such as `(unknown context at $1234)`.
  private mutating func readQualifiedName() -> [String]? {
    var components: [String] = []
    while true {
      if current == "(" {
        guard skipRuntimeSegment() else { return nil }
      } else if let name = readIdentifier() {
        components.append(name)
      } else {
        return nil
      }
      guard current == ".", index + 1 < scalars.count, scalars[index + 1] != "<" else { break }
      index += 1
    }
    return components.isEmpty ? nil : components
  }

  /// Skips `(unknown context at $…)` or `(extension in Module):`.
  private mutating func skipRuntimeSegment() -> Bool {
    let rest = String(String.UnicodeScalarView(scalars[index...].prefix(20)))
    guard rest.hasPrefix("(unknown context") || rest.hasPrefix("(extension in") else { return false }
    while let scalar = current, scalar != ")" { index += 1 }
    guard current == ")" else { return false }
    index += 1
    if current == ":" { index += 1 }
    return true
  }

  private mutating func readIdentifier() -> String? {
    let start = index
    while let scalar = current, scalar == "_" || scalar.properties.isXIDContinue || scalar == "$" {
      index += 1
    }
    guard index > start else { return nil }
    return String(String.UnicodeScalarView(scalars[start..<index]))
  }
}
