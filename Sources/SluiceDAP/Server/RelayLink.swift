/// A line connection to a running program's agent, over which the conversation with the
/// editor is relayed after an `attach` (``RelayRequest``): DAP messages, one JSON object per
/// line each way. Blocking calls, for threads of their own.
package protocol RelayLink: AnyObject, Sendable {
  /// Sends `line` and its newline; `false` when the connection is gone.
  func sendLine(_ line: String) -> Bool
  /// Calls `body` with each line the agent sends, until it closes the connection.
  func readLines(_ body: (String) -> Void)
  /// Tells the agent nothing more will be sent: it gives the stores back and closes.
  func finishSending()
}

/// Connects to the program an `attach` names, as `sluice attach` does (the process id
/// resolved, the TCP handshake made, the agent's greeting read), and says it speaks the
/// Debug Adapter Protocol; blocks, so it is called on a thread of its own.
package typealias RelayConnector = @Sendable (RelayRequest) throws(AdapterError) -> any RelayLink
