/// The attached shell's connection to a program's agent: lines out; the lines in come as the
/// stream ``AttachedShell/run(reading:receiving:startup:)`` reads.
public protocol AgentLink: AnyObject, Sendable {
  /// Sends `line` and its newline; `false` when the connection is gone.
  func sendLine(_ line: String) -> Bool
  /// Tells the agent nothing more will be sent: it answers what it has, gives the stores
  /// back and closes the connection.
  func finishSending()
}
