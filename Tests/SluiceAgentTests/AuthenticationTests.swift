import NIOCore
import NIOEmbedded
import Testing
import SluiceAgentAccess

@testable import SluiceAgent
@testable import SluiceAgentTransport

/// A TCP connection before it has authenticated, on NIO's `EmbeddedChannel`: no socket, and
/// time passes only when the test says so. Synchronous tests, so that the embedded loop is
/// used on one thread.
@Suite struct AuthenticationTests {
  private static let token = AccessToken(bytes: Array("correct-horse-battery-staple".utf8))

  /// A TCP client's connection, connected, behind `gate`: the server's pipeline, on an
  /// embedded channel.
  private func connect(
    gate: AuthenticationGate = AuthenticationGate(limit: 4), timeout: Duration = .seconds(3)
  ) throws -> EmbeddedChannel {
    var configuration = AgentConfiguration()
    configuration.authenticationTimeout = timeout
    let channel = EmbeddedChannel()
    try ClientPipeline.addHandlers(
      to: channel.pipeline.syncOperations, id: 1, configuration: configuration, token: Self.token, gate: gate,
      handler: RecordingHandler(), registry: ClientRegistry())
    try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
    return channel
  }

  /// Every line the connection wrote so far, after running what waits on the loop.
  private func written(_ channel: EmbeddedChannel) throws -> [String] {
    channel.embeddedEventLoop.run()
    var text = ""
    while let bytes = try channel.readOutbound(as: ByteBuffer.self) { text += String(buffer: bytes) }
    return text.split(separator: "\n").map(String.init)
  }

  private func send(_ line: String, to channel: EmbeddedChannel) throws {
    try channel.writeInbound(ByteBuffer(string: line))
    channel.embeddedEventLoop.run()
  }

  @Test func anEndOfInputBeforeTheHandshakeClosesTheConnection() throws {
    let channel = try connect()
    channel.pipeline.fireUserInboundEventTriggered(ChannelEvent.inputClosed)
    channel.embeddedEventLoop.run()
    #expect(!channel.isActive)
  }

  @Test func aClientThatDoesNotFinishTheHandshakeInTimeIsClosed() throws {
    let channel = try connect(timeout: .seconds(3))
    try send(ClientHandshake(token: Self.token).firstLine + "\n", to: channel)
    channel.embeddedEventLoop.advanceTime(by: .milliseconds(2999))
    #expect(channel.isActive)
    channel.embeddedEventLoop.advanceTime(by: .milliseconds(1))
    let lines = try written(channel)
    #expect(lines.last?.contains("no handshake within 3.0 seconds") == true)
    #expect(!channel.isActive)
  }

  /// A partial line of a megabyte is refused once it passes 256 bytes, not held.
  @Test func beforeTheHandshakeALineMayHaveAt256Bytes() throws {
    let channel = try connect()
    try send(String(repeating: "a", count: 200), to: channel)
    #expect(channel.isActive)
    try send(String(repeating: "a", count: 100), to: channel)
    #expect(try written(channel).last?.contains("line longer than 256 bytes") == true)
    #expect(!channel.isActive)
  }

  @Test func connectionsBeyondTheGatesBoundAreRefusedAtOnce() throws {
    let gate = AuthenticationGate(limit: 2)
    let first = try connect(gate: gate)
    let second = try connect(gate: gate)
    let third = try connect(gate: gate)
    #expect(try written(third).last?.contains("too many connections (2) are in the handshake") == true)
    #expect(!third.isActive)
    #expect(gate.pending == 2)
    // A place given back (the first closes) is taken by the next.
    first.pipeline.fireUserInboundEventTriggered(ChannelEvent.inputClosed)
    first.embeddedEventLoop.run()
    #expect(gate.pending == 1)
    let fourth = try connect(gate: gate)
    #expect(fourth.isActive)
    #expect(second.isActive)
  }

  /// After a wrong proof the next proof, right or wrong, is answered only after a delay that
  /// doubles with each wrong one, up to two seconds.
  @Test func aWrongProofSlowsDownTheNext() throws {
    let gate = AuthenticationGate(limit: 4)
    let wrong = ClientHandshake(token: AccessToken(bytes: Array("another-token-of-enough-bytes".utf8)))
    func guess(_ channel: EmbeddedChannel) throws {
      try send(wrong.firstLine + "\n", to: channel)
      _ = try written(channel)
      try send(TCPHandshake.clientProofLine([UInt8](repeating: 0, count: 32)) + "\n", to: channel)
    }
    let first = try connect(gate: gate)
    try guess(first)
    #expect(try written(first).last?.contains("wrong token") == true)
    #expect(gate.delay == .milliseconds(100))

    let second = try connect(gate: gate)
    try guess(second)
    #expect(try written(second).isEmpty)
    second.embeddedEventLoop.advanceTime(by: .milliseconds(100))
    #expect(try written(second).last?.contains("wrong token") == true)
    #expect(gate.delay == .milliseconds(200))
    for _ in 0..<10 { gate.failed() }
    #expect(gate.delay == .seconds(2))
    gate.succeeded()
    #expect(gate.delay == .zero)
  }
}
