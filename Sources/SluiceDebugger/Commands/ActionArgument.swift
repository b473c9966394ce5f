/// The action of a `send` command: the text as typed, and the literal the command parser
/// read from it when it checked the syntax, so that sending it does not scan the text again.
///
/// Equal when the texts are: the literal is what the text says. A string literal makes one
/// (`.send(action: ".increment")`), parsed when sent.
public struct ActionArgument: Equatable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
  /// The action as typed: `.add(title: "Milk")`.
  public let text: String
  /// The text parsed, when the command parser has read it.
  let literal: ActionLiteral?

  /// An action from its text, parsed when sent.
  public init(_ text: String) {
    self.text = text
    literal = nil
  }

  /// An action as typed in a string literal.
  public init(stringLiteral text: String) {
    self.init(text)
  }

  init(text: String, literal: ActionLiteral) {
    self.text = text
    self.literal = literal
  }

  /// The text.
  public var description: String { text }

  /// Whether the texts are the same.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.text == rhs.text
  }
}
