/// An error kept in state: its description, so the state stays `Equatable` and `Codable`.
public struct AsyncFailure: Error, Hashable, Sendable, Codable, CustomStringConvertible {
  /// What went wrong, as people read it.
  public var message: String

  /// Wraps a message.
  public init(message: String) {
    self.message = message
  }

  /// Keeps the description of `error`.
  public init(_ error: any Error) {
    message = (error as? AsyncFailure)?.message ?? String(describing: error)
  }

  public var description: String { message }
}
