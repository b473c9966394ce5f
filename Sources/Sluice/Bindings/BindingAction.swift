/// Sets one property of a feature's state, named by key path: the action behind every text
/// field and toggle, without a case per property.
///
/// ```swift
/// enum Action: BindableAction, Codable, Sendable {
///   case binding(BindingAction<State>)
///   case search
/// }
///
/// store.send(.binding(.set(\.query, "milk")))
/// store.set(\.query, to: "milk")  // the same, through the store
/// ```
///
/// ``BindingReducer`` applies it. The debugger shows and takes it as
/// `.binding(.set(\.query, "milk"))`; for that it is `Codable` when the state lists its
/// bindable properties (``BindableState``).
public struct BindingAction<Root>: Sendable {
  /// The property set, as a key path.
  public let keyPath: PartialKeyPath<Root> & Sendable
  /// The property's path as text, without the root: `query`, `filter.text`.
  public let propertyName: String
  /// The new value.
  public let value: any Sendable & Encodable
  private let assign: @Sendable (inout Root) -> Void
  private let hasSameValue: @Sendable (any Sendable) -> Bool

  /// An action that sets the property at `keyPath` to `value`.
  public static func set<Value: Codable & Equatable & Sendable>(
    _ keyPath: WritableKeyPath<Root, Value> & Sendable, _ value: Value
  ) -> Self {
    Self(keyPath: keyPath, name: BindingPath.name(of: keyPath), value: value)
  }

  init<Value: Codable & Equatable & Sendable>(
    keyPath: WritableKeyPath<Root, Value> & Sendable, name: String, value: Value
  ) {
    self.keyPath = keyPath
    propertyName = name
    self.value = value
    assign = { $0[keyPath: keyPath] = value }
    hasSameValue = { ($0 as? Value) == value }
  }

  /// Writes the value into `state`.
  public func apply(to state: inout Root) {
    assign(&state)
  }
}

extension BindingAction: Equatable {
  /// Equal when they set the same property to equal values.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.keyPath == rhs.keyPath && lhs.hasSameValue(rhs.value)
  }
}

extension BindingAction: CustomReflectable {
  /// Shows the action as the case it reads like, `.set(\.query, "milk")`, so the debugger's
  /// history and `TestStore`'s messages print it the way it is written.
  public var customMirror: Mirror {
    Mirror(self, children: ["set": (BindingPath(propertyName), value)], displayStyle: .enum)
  }
}

extension BindingAction: CustomStringConvertible {
  /// `.set(\.query, "milk")`.
  public var description: String {
    ".set(\(BindingPath(propertyName)), \(String(reflecting: value)))"
  }
}
