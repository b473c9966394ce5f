import Foundation
import Testing
import SluiceAgentAccess

@testable import SluiceAgent
@testable import SluiceAgentTransport

@Suite struct TCPTests {
  private static let secret = "correct-horse-battery-staple"

  /// A server on the socket and on TCP, whose token file holds `secret`.
  private func startTCPServer(_ temporary: TemporaryFolder, handler: RecordingHandler) async throws -> AgentServer {
    let tokenFile = try temporary.write(Self.secret + "\n", to: "token", mode: 0o600)
    return try await startServer(in: temporary, handler: handler) { $0.tcp = .init(tokenFile: tokenFile) }
  }

  /// Runs the client's side of the handshake with `token` over `client`.
  private func handshake(_ client: TestClient, token: String = TCPTests.secret) async throws {
    let side = ClientHandshake(token: AccessToken(bytes: Array(token.utf8)))
    await client.write(side.firstLine + "\n")
    let challenge = try #require(try await client.readLine())
    await client.write(try side.answer(to: challenge) + "\n")
  }

  @Test func withoutATokenFileTCPIsRefused() async throws {
    let temporary = try TemporaryFolder()
    let error = await #expect(throws: AgentError.self) {
      try await startServer(in: temporary, handler: RecordingHandler()) { $0.tcp = .init(tokenFile: nil) }
    }
    #expect(error?.message.contains("no token, no TCP") == true)
    #expect(!fileExists(temporary.runtimeFolder + "/\(getpid()).sock"))
  }

  @Test func aTokenFileOthersCanReadIsRefused() async throws {
    let temporary = try TemporaryFolder()
    let tokenFile = try temporary.write("secret", to: "token", mode: 0o644)
    let error = await #expect(throws: AgentError.self) {
      try await startServer(in: temporary, handler: RecordingHandler()) { $0.tcp = .init(tokenFile: tokenFile) }
    }
    #expect(error?.message.contains("\(tokenFile) can be read or written by others (mode 0644)") == true)
  }

  @Test func aTokenFileThatIsAFIFOOrBlankIsRefusedWithoutWaiting() throws {
    let temporary = try TemporaryFolder()
    let fifo = temporary.path + "/fifo"
    mkfifo(fifo, 0o600)
    let notRegular = #expect(throws: AgentError.self) { try AccessToken.read(from: fifo) }
    #expect(notRegular?.message.contains("is a FIFO, not a regular file") == true)
    let blank = try temporary.write(" \n\t", to: "blank")
    let empty = #expect(throws: AgentError.self) { try AccessToken.read(from: blank) }
    #expect(empty?.message.contains("is empty") == true)
  }

  @Test func aTokenUnder16BytesIsRefusedSayingHowToMakeOne() throws {
    let temporary = try TemporaryFolder()
    let short = try temporary.write("  secret\n", to: "token", mode: 0o600)
    let error = #expect(throws: AgentError.self) { try AccessToken.read(from: short) }
    #expect(error?.message.contains("\(short) holds a token of 6 bytes; a token needs at least 16") == true)
    #expect(error?.message.contains("head -c 32 /dev/urandom | base64 > \(short); chmod 600 \(short)") == true)
    let enough = try temporary.write("0123456789abcdef", to: "enough", mode: 0o600)
    #expect(try AccessToken.read(from: enough).bytes.count == 16)
  }

  @Test func theHandshakeFirstIsServed() async throws {
    let temporary = try TemporaryFolder()
    let handler = RecordingHandler(greets: true)
    let server = try await startTCPServer(temporary, handler: handler)
    let port = try #require(server.tcpPort)
    #expect(server.listing.tcp == "127.0.0.1:\(port)")
    let client = try TestClient(tcpPort: port)
    try await handshake(client)
    await client.write("ping\n")
    #expect(try await client.readLine() == "hello")
    #expect(try await client.readLine() == "echo: ping")
    #expect(handler.events == ["connected 1", "line 1 ping"])
    await server.stop()
  }

  /// An old client's `{"token":…}` (the right one even) is refused, naming the new handshake.
  @Test(arguments: [(#"{"token":"correct-horse-battery-staple"}"#, "does not take the token itself"),
    ("ping", "the first line over TCP must be")])
  func aFirstLineThatIsNoChallengeGetsAnErrorAndIsClosed(firstLine: String, complaint: String) async throws {
    let temporary = try TemporaryFolder()
    let handler = RecordingHandler(greets: true)
    let server = try await startTCPServer(temporary, handler: handler)
    let client = try TestClient(tcpPort: try #require(server.tcpPort))
    await client.write(firstLine + "\n")
    let error = try #require(try await client.readLine())
    // The transport's own wording; the agent makes it the protocol's `error` event (AttachedStoreTests).
    #expect(error.hasPrefix("error: "))
    #expect(error.contains(complaint))
    #expect(try await client.readLine() == nil)
    // The handler never hears of a client that did not show the token.
    await server.stop()
    #expect(handler.events.isEmpty)
  }

  @Test func theTokenIsComparedWhole() {
    let token = AccessToken(bytes: Array("secret".utf8))
    #expect(token.matches("secret".utf8))
    #expect(!token.matches("secre".utf8))
    #expect(!token.matches("secrets".utf8))
    #expect(!token.matches("".utf8))
    #expect(!token.matches("Secret".utf8))
  }

  @Test func aWrongProofGetsAnErrorAndIsClosed() async throws {
    let temporary = try TemporaryFolder()
    let handler = RecordingHandler(greets: true)
    let server = try await startTCPServer(temporary, handler: handler)
    let client = try TestClient(tcpPort: try #require(server.tcpPort))
    let stranger = ClientHandshake(token: AccessToken(bytes: Array("another-token-of-enough-bytes".utf8)))
    await client.write(stranger.firstLine + "\n")
    _ = try await client.readLine()
    await client.write(TCPHandshake.clientProofLine([UInt8](repeating: 0, count: 32)) + "\n")
    #expect(try await client.readLine()?.contains("wrong token") == true)
    #expect(try await client.readLine() == nil)
    await server.stop()
    #expect(handler.events.isEmpty)
  }
}
