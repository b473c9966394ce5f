/// An action that names its own case, sparing the store reflection when the cycle detector
/// or the debugger needs the name.
public protocol CaseNameProviding {
  /// The name of the case, without payload: `ping`, or `todo.toggle` for a nested case.
  var caseName: String { get }
}

/// The case name of an enum value without its payload: `ping` for `.ping(3)`, and the path
/// into a composed child feature's action, `todo.toggle` for `.todo(.toggle(id: 3))`.
///
/// A payload value never splits a case: `.setMode(.dark)` and `.setMode(.light)` are both
/// `setMode`. Only a payload that is a feature's action forms a path: one that names its own
/// cases (``CaseNameProviding``, which `@Scriptable` provides), or an enum named `Action`, the
/// name every ``Reducer`` gives its actions.
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
  if isFeatureAction(payload.value) {
    return label + "." + caseName(of: payload.value)
  }
  return label
}

/// Whether a payload is a child feature's action rather than a value carried by the case.
private func isFeatureAction(_ payload: Any) -> Bool {
  if payload is any CaseNameProviding { return true }
  guard Mirror(reflecting: payload).displayStyle == .enum else { return false }
  // `Todo.Action`, `Feature<T>.Action`: the last component of the type's name.
  let typeName = String(describing: type(of: payload))
  return typeName == "Action" || typeName.hasSuffix(".Action")
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
