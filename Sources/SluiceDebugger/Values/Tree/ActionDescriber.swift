import Sluice

/// Describes actions of one type as the history shows them (`.add(title: "Milk")`), the way
/// ``ValueTree/init(reflecting:maximumDepth:)`` does, but from the case `@Scriptable`'s code
/// takes apart (``ScriptableAction/scriptedCase``) when the type has it: a `Mirror` of the
/// action cost more than the rest of recording it, and building a tree to print `.add(12)`
/// cost more than sending it. Whether the type has it is answered once.
@usableFromInline
struct ActionDescriber<Action> {
  private let scriptedCase: ((Action) -> ActionCaseValue?)?

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
    guard !scripted.fields.isEmpty else { return "." + scripted.name }
    // Written straight from the parts, as `ValueTree.compactDescription` writes the case's
    // tree; a tree is built only for a payload value that is no scalar.
    var text = "."
    text.reserveCapacity(scripted.name.utf8.count + 24)
    text += scripted.name
    if scripted.fields.count == 1, scripted.fields[0].label == nil {
      // A single unlabeled payload is split as a mirror splits it (a tuple into its elements).
      let payload = scripted.fields[0].value
      if let scalar = Self.scalarText(payload) { return text + "(" + scalar + ")" }
      let parts = Reflection.fields(ofPayload: payload)
      guard !parts.isEmpty else { return text }
      append(parts, to: &text)
    } else {
      append(scripted.fields, to: &text)
    }
    return text
  }

  /// Appends `(label: value, …)`.
  private func append(_ fields: [(label: String?, value: Any)], to text: inout String) {
    text += "("
    for (offset, field) in fields.enumerated() {
      if offset > 0 { text += ", " }
      if let label = field.label {
        text += label
        text += ": "
      }
      if let scalar = Self.scalarText(field.value) {
        text += scalar
      } else {
        // The depth `ValueTree(reflecting:)` expands by default, the case itself at 0.
        var builder = ValueTreeBuilder(maximumDepth: 64)
        text += builder.tree(for: field.value, depth: 1).compactDescription
      }
    }
    text += ")"
  }

  /// The text of a scalar value, as its tree's, or `nil` for any other value.
  private static func scalarText(_ value: Any) -> String? {
    // Whole numbers first: the commonest payload, told by metatype without hashing it.
    if type(of: value) == Int.self { return String(value as! Int) }  // Checked by the metatype test.
    return Reflection.isScalarType(type(of: value)) ? Reflection.scalarText(value) : nil
  }

  private static func taker<Provider: ScriptableAction>(_ provider: Provider.Type) -> (Action) -> ActionCaseValue? {
    // `Provider` is `Action` itself, opened from the cast in `init`.
    { sameValue($0, as: Provider.self).scriptedCase }
  }
}
