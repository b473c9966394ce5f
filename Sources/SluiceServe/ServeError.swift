/// Why the page could not be served: a message that says what and where.
public struct ServeError: Error, Sendable, CustomStringConvertible {
  /// What went wrong.
  public let message: String

  /// An error saying `message`.
  public init(_ message: String) {
    self.message = message
  }

  /// The message.
  public var description: String { message }
}
