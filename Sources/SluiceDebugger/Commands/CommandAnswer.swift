/// A command's answer, declared once as the values it carries. The interpreter returns it as
/// ``CommandResult/answer(_:)``; the JSON protocol carries its fields, as they encode, in an
/// event named ``event``; a renderer beside it in the presentation layer shows it. Nothing
/// else in the engine, the protocol or the clients names its type, so a command with a typed
/// answer is its table entry, its case, the capability it reads, this value and its renderer.
public protocol CommandAnswer: Codable, Sendable {
  /// The name of the JSON event that carries the answer (`capabilities`): unique among the
  /// protocol's events, and listed in its schema.
  static var event: String { get }
}
