/// The agent's side of the TCP handshake (see ``TCPHandshake``), one line at a time.
package struct AgentHandshake {
  /// What to do with the line just received.
  package enum Outcome: Equatable {
    /// Send this line to the client and wait for its next.
    case answer(String)
    /// The client proved it holds the token: it may send commands.
    case authenticated
    /// The client broke the handshake: send this error and close.
    case refused(String)
    /// The client's proof does not match the token: slow down, then refuse.
    case wrongToken
  }

  private enum Stage {
    case awaitingNonce
    case awaitingProof(clientNonce: [UInt8])
    case finished
  }

  private let token: AccessToken
  private let agentNonce: [UInt8]
  private var stage = Stage.awaitingNonce

  /// A handshake with the token the client must show, and this side's nonce (random unless
  /// a test gives one).
  package init(token: AccessToken, nonce: [UInt8] = TCPHandshake.randomNonce()) {
    self.token = token
    agentNonce = nonce
  }

  /// Takes the client's next line.
  package mutating func receive(_ line: String) -> Outcome {
    let message = TCPHandshake.Message(line)
    switch stage {
    case .awaitingNonce:
      if message?.token != nil {
        stage = .finished
        // Never compared: the old handshake's token is no oracle for guessing.
        return .refused(
          #"this agent does not take the token itself ({"token":…}): it asks for a challenge and a proof "#
            + "derived from the token file; update sluice")
      }
      guard let text = message?.clientNonce,
        let clientNonce = TCPHandshake.bytes(fromHex: text, count: TCPHandshake.nonceLength)
      else {
        stage = .finished
        return .refused(
          #"the first line over TCP must be {"clientNonce":"…"} with \#(TCPHandshake.nonceLength * 2) hex digits, "#
            + "the start of the handshake")
      }
      stage = .awaitingProof(clientNonce: clientNonce)
      let proof = TCPHandshake.agentProof(token: token, clientNonce: clientNonce, agentNonce: agentNonce)
      return .answer(TCPHandshake.agentLine(nonce: agentNonce, proof: proof))
    case .awaitingProof(let clientNonce):
      stage = .finished
      guard let text = message?.clientProof,
        let proof = TCPHandshake.bytes(fromHex: text, count: SHA256.digestLength)
      else {
        return .refused(#"the second line over TCP must be {"clientProof":"…"} with 64 hex digits"#)
      }
      let expected = TCPHandshake.clientProof(token: token, agentNonce: agentNonce, clientNonce: clientNonce)
      return HMACSHA256.constantTimeEqual(proof, expected) ? .authenticated : .wrongToken
    case .finished:
      return .refused("the handshake is over")
    }
  }
}
