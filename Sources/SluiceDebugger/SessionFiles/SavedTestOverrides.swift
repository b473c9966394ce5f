/// The dependency values a failing test's store overrode, as its session file keeps them
/// (`testOverrides`): when the file's replay in the debugger diverges, the divergence names
/// them (``ReplayDivergence/Cause/testOverride(keys:closure:)``). Optional: files written
/// before it, and by a test that overrode nothing, have none.
package struct SavedTestOverrides: Codable, Equatable, Sendable {
  /// The keys `.dependency(\.key, …)` named, outermost first (`uuid`); absent when none.
  var keys: [String]?
  /// Whether a `.dependencies { … }` closure overrode keys that cannot be named; absent when
  /// none did.
  var closure: Bool?

  /// What a reducer's `dependencyOverrides` say: each key's name, `nil` for a closure.
  package init(_ overrides: [String?]) {
    let names = overrides.compactMap { $0 }
    keys = names.isEmpty ? nil : names
    closure = overrides.contains(nil) ? true : nil
  }

  /// Whether nothing was overridden.
  var isEmpty: Bool { (keys ?? []).isEmpty && closure != true }
}
