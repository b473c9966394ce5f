/// What an action's span records as its text (the `sluice.action` attribute): the action
/// with its payload, nothing, or a text of your own.
///
/// Actions may carry what must not leave the program: a password, a card number, a
/// customer's address. Values wrapped in `@Secret` already show as `‹redacted›` in the
/// ``described`` text; for anything else, keep payloads out with ``omitted`` (the span's
/// name, the action's case, is still recorded) or write the text yourself with
/// ``custom(_:)``.
public struct SpanActionText<Action>: Sendable {
  /// The text for one action; `nil` records none.
  let text: @Sendable (Action) -> String?

  private init(_ text: @escaping @Sendable (Action) -> String?) {
    self.text = text
  }

  /// The action as `String(describing:)` writes it, payload included: `add(title: "Milk")`.
  /// Values wrapped in `@Secret` show as `‹redacted›`.
  public static var described: Self {
    Self { String(describing: $0) }
  }

  /// No text: a span says which case its action was, never what it carried.
  public static var omitted: Self {
    Self { _ in nil }
  }

  /// The text `describe` writes for each action; `nil` records none for that action.
  public static func custom(_ describe: @escaping @Sendable (Action) -> String?) -> Self {
    Self(describe)
  }
}
