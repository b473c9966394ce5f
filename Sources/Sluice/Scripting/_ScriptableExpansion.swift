/// Helpers called by the code `@Scriptable` generates. Public only because generated code lives
/// in the user's module; there is no reason to call them directly.
public enum _ScriptableExpansion {
  /// The case name of a case with one payload that names no case of its own: `name`.
  ///
  /// The compiler picks this overload or the one below from the payload's static type, so the
  /// choice costs nothing at run time.
  @inlinable
  public static func caseName<Payload>(_ name: String, payload: Payload) -> String {
    name
  }

  /// The case name of a case wrapping an action that names its own case: `todo.toggle` for
  /// `.todo(.toggle(id: 3))`, as ``caseName(of:)`` spells it.
  @inlinable
  public static func caseName<Payload: CaseNameProviding>(_ name: String, payload: Payload) -> String {
    name + "." + payload.caseName
  }
}
