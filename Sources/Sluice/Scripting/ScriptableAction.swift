/// An action type that describes its own cases, so the debugger can complete, explain and
/// suggest them: every case in source order, with its parameters and documentation.
///
/// Write `@Scriptable` on the enum (or `@Feature` on the feature holding it) and the
/// conformance is generated; writing it by hand works as well. It is a convenience, never a
/// requirement: the debugger sends any `Codable` action, it just cannot complete or suggest
/// cases of one that does not describe itself.
///
/// ```swift
/// @Scriptable
/// enum Action: Codable, Sendable {
///   /// Adds an item.
///   case add(title: String)
///   case todo(Todo.Action)  // `Todo.Action` is `@Scriptable` too: `.todo(.toggle)` completes
/// }
///
/// Action.actionDescription.cases.map(\.signature)  // ["add(title: String)", "todo(_: Todo.Action)"]
/// ```
public protocol ScriptableAction {
  /// The cases of this type, in source order.
  static var actionDescription: ActionDescription { get }
}
