import Sluice

/// A case literal's arguments, for the builder `@Scriptable` generates
/// (``ScriptableAction/scriptAction(caseName:arguments:)``): read in order, each value made
/// as `LiteralDecoder` would make it, or `nil` whenever the builder's way might not agree with
/// the decoder's, which then decides.
struct LiteralArguments: ScriptArguments {
  private let arguments: [ActionLiteral.Argument]
  private var position = 0

  init(_ arguments: [ActionLiteral.Argument]) {
    self.arguments = arguments
  }

  var isAtEnd: Bool { position == arguments.count }

  mutating func next<Value>(label: String?, as type: Value.Type) -> Value? {
    guard position < arguments.count, arguments[position].label == label else { return nil }
    let literal = arguments[position].value
    position += 1
    return Self.value(of: type, from: literal)
  }

  /// `literal` as a `Value`: the common scalars read directly, a nested `@Scriptable`
  /// action built by its own builder, anything else decoded on its own.
  static func value<Value>(of type: Value.Type, from literal: ActionLiteral) -> Value? {
    switch literal {
    case .integer(let text) where Value.self == Int.self:
      return LiteralNumbers.integer(Int.self, from: text).map { sameValue($0, as: type) }
    case .string(let text) where Value.self == String.self:
      return sameValue(text, as: type)
    case .boolean(let flag) where Value.self == Bool.self:
      return sameValue(flag, as: type)
    default:
      break
    }
    // Optionals tell `nil`, `.none` and `.some(x)` apart in ways a payload decoded on its
    // own might not: the whole action is decoded instead.
    if Value.self is any LiteralOptional.Type { return nil }
    if case .enumCase(let name, let arguments) = literal, let scriptable = Value.self as? any ScriptableAction.Type,
      let action = nestedAction(scriptable, name, arguments, as: type)
    {
      return action
    }
    guard let decodable = Value.self as? any Decodable.Type else { return nil }
    return decoded(decodable, from: literal, as: type)
  }

  private static func nestedAction<Nested: ScriptableAction, Value>(
    _ nested: Nested.Type, _ name: String, _ arguments: [ActionLiteral.Argument]?, as type: Value.Type
  ) -> Value? {
    var reader = LiteralArguments(arguments ?? [])
    return Nested.scriptAction(caseName: name, arguments: &reader) as? Value
  }

  private static func decoded<Decoded: Decodable, Value>(
    _ decoded: Decoded.Type, from literal: ActionLiteral, as type: Value.Type
  ) -> Value? {
    (try? LiteralDecoder().decode(decoded, from: literal)) as? Value
  }
}
