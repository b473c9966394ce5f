/// A state property whose every assignment counts as a change, even of an equal value: for
/// an event a screen must react to each time ("show the toast", "scroll to top") rather
/// than a value it shows.
///
/// ```swift
/// struct State: Equatable, Sendable {
///   @Triggered var scrollToTop = false
/// }
/// // case .logoTapped: state.scrollToTop = true   // observers see it every tap
/// ```
///
/// Equality compares the value and how many times it was assigned, so `states` and
/// `values(of:)` report a repeated equal assignment too. Encoded as the value alone.
@propertyWrapper
public struct Triggered<Value> {
  private var value: Value
  /// How many times the value was assigned since this property was made.
  public private(set) var assignments = 0

  /// The value; assigning it, even an equal value, is a change.
  public var wrappedValue: Value {
    get {
      AssignmentTally.noteRead(assignments: assignments)
      return value
    }
    set {
      value = newValue
      assignments &+= 1
    }
  }

  /// Wraps `wrappedValue`.
  public init(wrappedValue: Value) {
    value = wrappedValue
  }

  /// The wrapper itself (`$scrollToTop`), to read how many times it was assigned.
  public var projectedValue: Self { self }
}

extension Triggered: Equatable where Value: Equatable {}
extension Triggered: Hashable where Value: Hashable {}
extension Triggered: Sendable where Value: Sendable {}

extension Triggered: Codable where Value: Codable {
  /// Decodes the value; the count of assignments starts again at 0.
  public init(from decoder: any Decoder) throws {
    value = try Value(from: decoder)
  }

  /// Encodes the value alone.
  public func encode(to encoder: any Encoder) throws {
    try value.encode(to: encoder)
  }
}
