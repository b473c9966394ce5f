/// One case of an enum, as a pair of functions: build the enum from the case's payload, and
/// get the payload back out when the value is that case.
///
/// Scoping uses it to route a parent's action to a child, and to reach a child's state
/// inside an enum state.
///
/// ```swift
/// static let counter = EnumCase<Action, Counter.Action>(embed: Action.counter) {
///   if case .counter(let action) = $0 { action } else { nil }
/// }
/// ```
public struct EnumCase<Root, Value>: Sendable {
  /// Builds the enum from the payload.
  public let embed: @Sendable (Value) -> Root
  /// Returns the payload when the enum is this case, else `nil`.
  public let extract: @Sendable (Root) -> Value?

  /// Creates a case from its two functions.
  public init(
    embed: @escaping @Sendable (Value) -> Root,
    extract: @escaping @Sendable (Root) -> Value?
  ) {
    self.embed = embed
    self.extract = extract
  }
}
