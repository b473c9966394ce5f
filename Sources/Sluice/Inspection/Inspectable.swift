/// A struct that lists its stored properties, so tools compare and show its values without
/// reflection: the debugger's diff asks two states for their properties in turn, compares
/// each with `==` where its type is `Equatable`, and opens only those that differ.
///
/// Write `@Inspectable` on the struct (from `SluiceMacroSupport`) and the conformance is
/// generated; a struct with a `private` or `fileprivate` stored property is left to
/// reflection, which sees every property, so a diff never misses one.
///
/// ```swift
/// @Inspectable
/// struct State: Equatable, Codable, Sendable {
///   var query = ""
///   var results: [String] = []
/// }
/// ```
public protocol Inspectable {
  /// Hands `visitor` each stored property of `old` and `new`, in declaration order.
  static func visitFields<Visitor: FieldPairVisitor>(of old: Self, and new: Self, with visitor: inout Visitor)
}

/// Receives the stored properties of two values of an ``Inspectable`` type, one pair at a
/// time, in declaration order.
public protocol FieldPairVisitor {
  /// A property whose type is `Equatable`.
  mutating func visit<Value: Equatable>(_ name: String, _ old: Value, _ new: Value)
  /// A property whose type is not `Equatable`.
  mutating func visit<Value>(_ name: String, _ old: Value, _ new: Value)
}
