import Testing
import SluiceAgentAccess

@testable import SluiceAgent

/// The TCP handshake's two sides, without a connection: each proves it holds the token over
/// the other's nonce, and the token itself is never in a line.
@Suite struct HandshakeTests {
  private let token = AccessToken(bytes: Array("correct-horse-battery-staple".utf8))

  @Test func twoSidesWithTheSameTokenAgreeAndTheTokenIsNeverSent() throws {
    var agent = AgentHandshake(token: token)
    let client = ClientHandshake(token: token)
    let first = client.firstLine
    guard case .answer(let challenge) = agent.receive(first) else {
      Issue.record("the agent did not answer \(first)")
      return
    }
    let proof = try client.answer(to: challenge)
    #expect(agent.receive(proof) == .authenticated)
    for line in [first, challenge, proof] { #expect(!line.contains("correct-horse")) }
  }

  @Test func aClientWithAnotherTokenIsWrong() throws {
    var agent = AgentHandshake(token: token)
    let stranger = ClientHandshake(token: AccessToken(bytes: Array("another-token-of-enough-bytes".utf8)))
    guard case .answer(let challenge) = agent.receive(stranger.firstLine) else {
      Issue.record("the agent did not answer")
      return
    }
    // The stranger cannot check the agent's proof; a forged answer of its own is wrong.
    #expect(throws: AgentError.self) { try stranger.answer(to: challenge) }
    let forged = TCPHandshake.clientProofLine([UInt8](repeating: 7, count: 32))
    #expect(agent.receive(forged) == .wrongToken)
  }

  /// A process that took the port answers without the token: the client refuses before it has
  /// proved anything.
  @Test func anAgentThatCannotProveItselfIsRefused() {
    let client = ClientHandshake(token: token)
    let impostor = TCPHandshake.agentLine(
      nonce: [UInt8](repeating: 1, count: 32), proof: [UInt8](repeating: 2, count: 32))
    let error = #expect(throws: AgentError.self) { try client.answer(to: impostor) }
    #expect(error?.message.contains("could not prove it holds the token") == true)
    let old = #expect(throws: AgentError.self) {
      try client.answer(to: #"{"event":"error","version":1,"message":"wrong token"}"#)
    }
    #expect(old?.message.contains("did not answer the handshake") == true)
  }

  @Test(arguments: [
    (#"{"token":"correct-horse-battery-staple"}"#, "does not take the token itself"),
    (#"{"clientNonce":"abc"}"#, "the first line over TCP must be"),
    ("ping", "the first line over TCP must be"),
  ])
  func aFirstLineThatIsNoChallengeIsRefused(line: String, complaint: String) {
    var agent = AgentHandshake(token: token)
    guard case .refused(let message) = agent.receive(line) else {
      Issue.record("\(line) was not refused")
      return
    }
    #expect(message.contains(complaint))
  }
}
