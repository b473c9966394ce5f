/// A property wrapper that tools see through: the debugger shows, diffs and finds
/// `@Ignored var lastSync` as `lastSync`, with the wrapped value, rather than as its storage
/// `_lastSync`. ``Ignored`` and ``CopyOnWrite`` conform; ``Triggered`` does not, since what
/// sets it apart (an equal assignment is still a change) lives beside its value.
public protocol InspectableWrapper {
  /// The wrapped value, as tools show it.
  var inspectedValue: Any { get }
}

extension Ignored: InspectableWrapper {
  /// The wrapped value.
  public var inspectedValue: Any { wrappedValue }
}

extension CopyOnWrite: InspectableWrapper {
  /// The wrapped value.
  public var inspectedValue: Any { wrappedValue }
}
