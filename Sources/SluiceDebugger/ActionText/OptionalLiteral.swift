/// How `.some(x)` and `.none` read as optionals: Swift's own spelling of an optional, which
/// Sluice prints where a bare value would be ambiguous (`.some(nil)` in a `String??`).
extension ActionLiteral {
  /// The `x` of `.some(x)`, if this is one.
  var someValue: ActionLiteral? {
    guard case .enumCase("some", let arguments?) = self, arguments.count == 1, arguments[0].label == nil else {
      return nil
    }
    return arguments[0].value
  }

  /// Whether this is `nil` or `.none`.
  var isNone: Bool {
    self == .nil || self == .enumCase(name: "none", arguments: nil)
  }
}

/// Optionals built from `.some(x)` and `.none` without going through `Optional.init(from:)`,
/// which would read `.some(nil)` as `nil`.
protocol LiteralOptional {
  /// `.some` of the wrapped value decoded by `decoder`.
  static func decodingSome(from decoder: LiteralValueDecoder) throws -> Self
  /// `.none`.
  static var none: Self { get }
}

extension Optional: LiteralOptional where Wrapped: Decodable {
  static func decodingSome(from decoder: LiteralValueDecoder) throws -> Self {
    .some(try decoder.decode(Wrapped.self))
  }
}
