import Sluice

/// Describes actions of one type as the history shows them (`.add(title: "Milk")`), the way
/// ``ValueTree/init(reflecting:maximumDepth:)`` does, but from the case `@Scriptable`'s code
/// takes apart (``ScriptableAction/scriptedCase``) when the type has it: a `Mirror` of the
/// action cost more than the rest of recording it. Whether it has is answered once.
@usableFromInline
struct ActionDescriber<Action> {
  private let scriptedCase: ((Action) -> ActionCaseValue?)?
  private let typeName = TypeName.short(Action.self)

  init(for type: Action.Type) {
    // A mirror of a type that customises its mirror or its description (which names cases
    // without payload) could say something else: those are reflected, as before.
    guard let scriptable = type as? any ScriptableAction.Type,
      !(type is any CustomReflectable.Type), !(type is any CustomStringConvertible.Type),
      !(type is any CustomDebugStringConvertible.Type), !(type is any TextOutputStreamable.Type)
    else {
      scriptedCase = nil
      return
    }
    scriptedCase = Self.taker(scriptable)
  }

  @usableFromInline
  func describe(_ action: Action) -> String {
    guard let scripted = scriptedCase?(action) else {
      return ValueTree(reflecting: action).compactDescription
    }
    // The depth `ValueTree(reflecting:)` expands by default.
    var builder = ValueTreeBuilder(maximumDepth: 64)
    return builder.tree(for: scripted, typeName: typeName, depth: 0).compactDescription
  }

  private static func taker<Provider: ScriptableAction>(_ provider: Provider.Type) -> (Action) -> ActionCaseValue? {
    // `Provider` is `Action` itself, opened from the cast in `init`.
    { sameValue($0, as: Provider.self).scriptedCase }
  }
}
