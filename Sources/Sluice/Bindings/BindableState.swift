/// A state whose properties bindings may set from outside Swift code: the debugger, a script,
/// a JSON client. Listing them makes ``BindingAction`` `Codable`, since decoding
/// `.set(\.query, "milk")` needs the property's type.
///
/// ```swift
/// struct State: BindableState, Codable, Equatable, Sendable {
///   var query = ""
///   var showsCompleted = false
///
///   static let bindableProperties: [BindableProperty<Self>] = [.property(\.query), .property(\.showsCompleted)]
/// }
/// ```
///
/// Swift code can bind any property with a `Codable` value whether it is listed or not.
public protocol BindableState {
  /// The properties a binding decoded from text may set.
  static var bindableProperties: [BindableProperty<Self>] { get }
}

/// One property of a ``BindableState``: its path, and how to decode a binding to it.
public struct BindableProperty<Root>: Sendable {
  /// The property's path without the root: `query`, `filter.text`.
  public let name: String
  /// The property, as a key path.
  public let keyPath: PartialKeyPath<Root> & Sendable
  let decodeBinding: @Sendable (_ value: any Decoder) throws -> BindingAction<Root>

  /// The stored property at `keyPath`, named by its path.
  public static func property<Value: Codable & Equatable & Sendable>(
    _ keyPath: WritableKeyPath<Root, Value> & Sendable
  ) -> Self {
    let name = BindingPath.name(of: keyPath)
    return Self(name: name, keyPath: keyPath) { decoder in
      BindingAction(keyPath: keyPath, name: name, value: try Value(from: decoder))
    }
  }
}
