/// Why the agent could not start or serve: the runtime folder is unsafe, the socket path is too
/// long, the token file is missing or readable by others, and so on.
///
/// The message names the file or folder, says what is wrong and, where it can, what to do.
public struct AgentError: Error, CustomStringConvertible, Sendable, Equatable {
  /// The whole explanation, one or two sentences.
  public let message: String

  package init(_ message: String) { self.message = message }

  /// The message.
  public var description: String { message }
}
