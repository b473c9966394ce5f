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

  /// The case named `caseName` with the payload read from `arguments`, or `nil` when they
  /// do not make one exactly (no such case, labels or values that do not fit).
  ///
  /// The debugger calls it for every action a script or a person sends, before decoding the
  /// text through `Decodable`: building the case directly costs a fraction of a decoder.
  /// `@Scriptable` generates it when the enum's `Decodable` conformance is the synthesised one
  /// (no `init(from:)` or `CodingKeys` in the enum's body), so that both ways make the same
  /// action. The default answers `nil`: every action is decoded.
  static func scriptAction(caseName: String, arguments: inout some ScriptArguments) -> Self?

  /// This value's case and payload, or `nil` to have the debugger reflect on it. The debugger
  /// describes every action it records (`.add(12)`); `@Scriptable` generates a `switch` that
  /// spares it a `Mirror`. The default answers `nil`.
  var scriptedCase: ActionCaseValue? { get }
}

extension ScriptableAction {
  /// No builder: the debugger decodes every action of this type through `Decodable`.
  public static func scriptAction(caseName: String, arguments: inout some ScriptArguments) -> Self? {
    nil
  }

  /// No case taken apart: the debugger reflects on the value.
  public var scriptedCase: ActionCaseValue? { nil }
}
