/// Optionals of any wrapped type, unwrapped without a `Mirror`.
protocol OptionalValue {
  /// The wrapped value, or `nil` for `.none`.
  var wrappedValue: Any? { get }
}

extension Optional: OptionalValue {
  var wrappedValue: Any? {
    switch self {
    case .some(let wrapped): wrapped
    case .none: nil
    }
  }
}
