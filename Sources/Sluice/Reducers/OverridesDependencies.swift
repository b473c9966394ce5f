/// A reducer that runs another with dependency values of its own: `SluiceDependencies`'
/// `.dependency(\.uuid, …)` and `.dependencies { … }`.
///
/// A test store asks its reducer for these, and a failing test's session file keeps them, so
/// that when the file's replay in the debugger diverges the debugger can say it was the test's
/// own override. Plain strings keep the runtime free of swift-dependencies.
package protocol OverridesDependencies {
  /// What this reducer and the reducers it wraps override, outermost first: a key's name
  /// (`uuid`), or `nil` for a `.dependencies { … }` closure, whose keys cannot be known.
  var dependencyOverrides: [String?] { get }
}

extension Reducer {
  /// What this reducer overrides, when it is one that does (`OverridesDependencies`); none
  /// otherwise.
  package var dependencyOverrides: [String?] {
    (self as? any OverridesDependencies)?.dependencyOverrides ?? []
  }
}
