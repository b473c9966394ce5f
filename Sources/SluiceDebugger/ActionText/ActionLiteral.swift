/// The parsed form of an action typed as text: a small tree of Swift-like literals.
///
/// `ActionTextParser` produces it from Swift-like text (`.add(title: "Milk", priority: 2)`)
/// or from JSON, and `LiteralDecoder` turns it into any `Decodable` value.
///
/// Not `indirect`: every nested literal already lives in an array, and boxing each node cost
/// an allocation and a metadata lookup per literal parsed.
public enum ActionLiteral: Equatable, Sendable {
  /// A reference to an enum case, with or without an argument list.
  ///
  /// `.increment` and the bare identifier `increment` both have `arguments == nil`;
  /// `.increment()` has an empty list; `.setStep(3)` has one unlabeled argument.
  /// Type qualifiers (`Todos.Action.increment`) are dropped: only the case name is kept.
  case enumCase(name: String, arguments: [Argument]?)

  /// A string literal, escapes already resolved.
  case string(String)

  /// An integer literal, kept as written (sign, `0x`/`0o`/`0b` prefix, `_` separators)
  /// so it can decode exactly into any integer type or into a floating-point type.
  case integer(String)

  /// A floating-point literal (`1.5`, `-2e3`), kept as written so `Float` and
  /// `Double` each round it once, from the source text.
  case floatingPoint(String)

  /// `true` or `false`.
  case boolean(Bool)

  /// The `nil` literal.
  case `nil`

  /// An array literal: `[1, 2]`.
  case array([ActionLiteral])

  /// A dictionary literal: `["a": 1]`, or `[:]` when empty. Entries keep their order.
  case dictionary([Entry])

  /// A parenthesized list of (optionally labeled) values: `(name: "A", age: 3)`.
  /// It decodes as a struct whose properties are the labels.
  case tuple([Argument])

  /// One element of an argument list or of a tuple literal.
  public struct Argument: Equatable, Sendable {
    /// The label before the colon, or `nil` for an unlabeled value.
    public var label: String?
    /// The value after the label.
    public var value: ActionLiteral

    /// Creates an argument with an optional label.
    public init(label: String? = nil, _ value: ActionLiteral) {
      self.label = label
      self.value = value
    }
  }

  /// One `key: value` pair of a dictionary literal.
  public struct Entry: Equatable, Sendable {
    /// The literal before the colon.
    public var key: ActionLiteral
    /// The literal after the colon.
    public var value: ActionLiteral

    /// Creates a dictionary entry.
    public init(key: ActionLiteral, value: ActionLiteral) {
      self.key = key
      self.value = value
    }
  }
}

extension ActionLiteral {
  /// A short phrase naming the kind of literal and, for small ones, its text,
  /// used in error messages (`string "Milk"`, `integer 3`, `array`).
  public var kindDescription: String {
    switch self {
    case .enumCase(let name, _): return "case .\(name)"
    case .string(let text):
      let shown = text.count > 24 ? String(text.prefix(24)) + "…" : text
      return "string \(SwiftStringEscaping.quoted(shown))"
    case .integer(let text): return "integer \(text)"
    case .floatingPoint(let text): return "number \(text)"
    case .boolean(let value): return "boolean \(value)"
    case .nil: return "nil"
    case .array: return "array"
    case .dictionary: return "dictionary"
    case .tuple: return "parenthesized list"
    }
  }
}
