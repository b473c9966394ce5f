/// The arguments of an action case written as text (`.add(title: "Milk", priority: 2)`), as
/// the builder `@Scriptable` generates reads them: in order, each under the label the case
/// declares. The debugger provides the reader; nothing else needs to.
///
/// A reader answers `nil` when it cannot give what is asked for (another label, a value of
/// another type, no argument left). The builder then gives up too, and the debugger decodes
/// the text through `Decodable` instead, which reads what the builder does not (labels out of
/// order, a payload's own labels) and says what is wrong with the rest.
public protocol ScriptArguments {
  /// The next argument as a `Value`, when it has `label` (`nil`: no label) and reads as one.
  mutating func next<Value>(label: String?, as type: Value.Type) -> Value?
  /// Whether every argument has been read: true from the start for `.increment` and
  /// `.increment()`.
  var isAtEnd: Bool { get }
}
