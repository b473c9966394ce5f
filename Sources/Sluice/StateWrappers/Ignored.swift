/// A state property left out of equality: two states that differ only here are equal, so
/// `states`, `values(of:)` and `ScopedStore` do not report a change in it alone, and
/// `TestStore` does not ask you to assert it. For bookkeeping a screen never shows: a cache,
/// a timestamp of the last sync.
///
/// ```swift
/// struct State: Equatable, Sendable, Codable {
///   var query = ""
///   @Ignored var lastKeystroke = Duration.zero
/// }
/// ```
///
/// It is encoded and decoded like the value, so sessions and the debugger still show it.
@propertyWrapper
public struct Ignored<Value> {
  /// The value.
  public var wrappedValue: Value

  /// Wraps `wrappedValue`.
  public init(wrappedValue: Value) {
    self.wrappedValue = wrappedValue
  }
}

extension Ignored: Equatable {
  /// Always true: the value takes no part in equality.
  public static func == (lhs: Self, rhs: Self) -> Bool { true }
}

extension Ignored: Hashable {
  /// Hashes nothing, as equality compares nothing.
  public func hash(into hasher: inout Hasher) {}
}

extension Ignored: Sendable where Value: Sendable {}

extension Ignored: Codable where Value: Codable {
  /// Decodes the value.
  public init(from decoder: any Decoder) throws {
    wrappedValue = try Value(from: decoder)
  }

  /// Encodes the value.
  public func encode(to encoder: any Encoder) throws {
    try wrappedValue.encode(to: encoder)
  }
}
