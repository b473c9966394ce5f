/// An action that names its own case, sparing the store reflection when the cycle detector
/// or the debugger needs the name.
public protocol CaseNameProviding {
  /// The name of the case, without payload: `ping`, or `todo.toggle` for a nested case.
  var caseName: String { get }
}

/// The case name of an enum value without its payload: `ping` for `.ping(3)`, and the path
/// through single nested enum payloads, `todo.toggle` for `.todo(.toggle(id: 3))`.
///
/// Uses reflection unless the value provides ``CaseNameProviding``; the store calls it only
/// when the cycle detector is on.
public func caseName(of value: Any) -> String {
  if let named = value as? any CaseNameProviding {
    return named.caseName
  }
  let mirror = Mirror(reflecting: value)
  guard mirror.displayStyle == .enum else {
    return String(describing: type(of: value))
  }
  guard let payload = mirror.children.first, let label = payload.label else {
    // A case without payload describes itself by its name.
    return String(describing: value)
  }
  if Mirror(reflecting: payload.value).displayStyle == .enum {
    return label + "." + caseName(of: payload.value)
  }
  return label
}

/// A function naming the cases of `Action`, as ``caseName(of:)`` does, with the question of
/// whether `Action` provides its own names (``CaseNameProviding``) answered once rather than
/// by a dynamic cast on every call.
public func caseNamer<Action>(for type: Action.Type) -> @Sendable (Action) -> String {
  guard let providing = type as? any CaseNameProviding.Type else {
    return { caseName(of: $0) }
  }
  return providedCaseNamer(providing)
}

private func providedCaseNamer<Action, Provider: CaseNameProviding>(
  _ provider: Provider.Type
) -> @Sendable (Action) -> String {
  { action in
    // `Provider` is `Action` itself, opened from the cast above: the same type, so viewing
    // one's memory as the other is sound.
    withUnsafePointer(to: action) {
      $0.withMemoryRebound(to: Provider.self, capacity: 1) { $0.pointee.caseName }
    }
  }
}
