/// One parameter of an action case's payload.
public struct ActionParameterDescription: Sendable, Equatable {
  /// The argument label, or `nil` for a positional parameter (`setStep(Int)`, `move(_ to: Int)`).
  public let label: String?
  /// The parameter's place in the payload, from 0.
  public let position: Int
  /// The type as written in the source: `Int`, `[Todo]`, `Todos.Action`, `String?`.
  public let typeName: String
  /// The default value as written in the source (`0`, `"untitled"`), if there is one.
  public let defaultValue: String?
  /// The parameter's type at run time.
  public let valueType: Any.Type

  /// Describes a parameter.
  ///
  /// - Parameters:
  ///   - label: The argument label; `nil` when the parameter has none or `_`.
  ///   - position: The place in the payload, from 0.
  ///   - typeName: The type as written.
  ///   - defaultValue: The default value as written, if any.
  ///   - valueType: The type, so a parameter of a ``ScriptableAction`` type links to its
  ///     description.
  public init<Value>(
    label: String?, position: Int, typeName: String, defaultValue: String? = nil, valueType: Value.Type
  ) {
    self.label = label
    self.position = position
    self.typeName = typeName
    self.defaultValue = defaultValue
    self.valueType = valueType
  }

  /// The key Swift's synthesized `Codable` uses for it: the label, or `_0`, `_1`, … by position.
  public var codingKey: String {
    label ?? "_\(position)"
  }

  /// The description of the parameter's type when that type is a ``ScriptableAction``
  /// (as in `case todo(Todos.Action)`), else `nil`. Resolved at run time: the macro that
  /// wrote this parameter could not know.
  public var nested: ActionDescription? {
    (valueType as? any ScriptableAction.Type)?.actionDescription
  }

  /// `title: String`, `_: Int`, `priority: Int = 0`.
  public var signature: String {
    let declared = (label ?? "_") + ": " + typeName
    return defaultValue.map { declared + " = " + $0 } ?? declared
  }

  /// Equal when label, position, type and default are; types compare by identity.
  public static func == (left: Self, right: Self) -> Bool {
    left.label == right.label && left.position == right.position && left.typeName == right.typeName
      && left.defaultValue == right.defaultValue
      && ObjectIdentifier(left.valueType) == ObjectIdentifier(right.valueType)
  }
}
