/// The client's side of the TCP handshake (see ``TCPHandshake``): it checks the agent's proof
/// before it proves anything itself, and never sends the token.
package struct ClientHandshake {
  private let token: AccessToken
  private let clientNonce: [UInt8]

  /// A handshake with the token from the client's token file, and this side's nonce (random
  /// unless a test gives one).
  package init(token: AccessToken, nonce: [UInt8] = TCPHandshake.randomNonce()) {
    self.token = token
    clientNonce = nonce
  }

  /// The line to send first.
  package var firstLine: String { TCPHandshake.clientNonceLine(clientNonce) }

  /// The line to send after the agent's `line`, once its proof shows it holds the token.
  ///
  /// - Throws: When the line is not the agent's answer (an old agent's error, or something
  ///   else altogether), or its proof is wrong: whoever answered does not hold the token.
  package func answer(to line: String) throws(AgentError) -> String {
    guard let message = TCPHandshake.Message(line), let nonceText = message.agentNonce,
      let proofText = message.agentProof,
      let agentNonce = TCPHandshake.bytes(fromHex: nonceText, count: TCPHandshake.nonceLength),
      let proof = TCPHandshake.bytes(fromHex: proofText, count: SHA256.digestLength)
    else {
      throw AgentError(
        "the other end did not answer the handshake (it may be an older agent, or not a Sluice agent): "
          + String(line.prefix(200)))
    }
    let expected = TCPHandshake.agentProof(token: token, clientNonce: clientNonce, agentNonce: agentNonce)
    guard HMACSHA256.constantTimeEqual(proof, expected) else {
      throw AgentError(
        "the other end could not prove it holds the token: it is not the program's agent (another process may "
          + "hold the port), or its token file differs; nothing was sent")
    }
    return TCPHandshake.clientProofLine(
      TCPHandshake.clientProof(token: token, agentNonce: agentNonce, clientNonce: clientNonce))
  }
}
