/// What the engine does with its clients: the transport calls it and it answers through
/// `AgentClient.send(_:)`.
///
/// For each client the calls come one at a time, in order: `connected`, then each line, then
/// `disconnected` exactly once (also when the server stops). The next line is not handed over
/// before the call for the previous one returns, and the connection is not read meanwhile, so
/// a slow handler slows its client down instead of queuing its lines. Different clients are
/// called independently, possibly at the same time.
///
/// A TCP client is `connected` only once it has sent the right token; one that never does is
/// never seen here.
package protocol AgentConnectionHandler: Sendable {
  /// A client is connected (and, over TCP, has shown the token): a place to send a hello.
  func connected(_ client: AgentClient) async
  /// The client sent `line`, one complete line, valid UTF-8, without its line ending and not
  /// empty.
  func client(_ client: AgentClient, sent line: String) async
  /// The client sent `line`, told at once on the transport's thread, before the line waits
  /// for the one before it to be answered: for what cannot wait (a `pause` while a store is
  /// stuck in a synchronous loop). Returns at once.
  func noticed(_ line: String, from client: AgentClient)
  /// The client sent its last line and closed its side, but still reads: after the lines
  /// sent before, a place to answer the rest and close.
  func inputEnded(_ client: AgentClient) async
  /// The client is gone: it closed the connection, broke the protocol, was closed with
  /// `AgentClient.close()`, or the server stopped.
  func disconnected(_ client: AgentClient) async
}

extension AgentConnectionHandler {
  /// By default nothing is done before a line's turn.
  package func noticed(_ line: String, from client: AgentClient) {}

  /// By default a client that sends nothing more is closed.
  package func inputEnded(_ client: AgentClient) async {
    client.close()
  }
}
