import NIOCore
import NIOEmbedded
import SluiceAgentAccess
import Testing

@testable import SluiceAgent
@testable import SluiceAgentTransport

/// A TCP client let in, on NIO's `NIOAsyncTestingChannel` (the engine's handler runs on tasks
/// of its own, which this channel's loop accepts work from): the server's pipeline, no
/// socket, time only as the test moves it.
@Suite struct AdmissionTests {
  private static let token = AccessToken(bytes: Array("correct-horse-battery-staple".utf8))

  private func connect(gate: AuthenticationGate, handler: RecordingHandler) async throws -> NIOAsyncTestingChannel {
    let channel = NIOAsyncTestingChannel()
    try await channel.testingEventLoop.executeInContext {
      try ClientPipeline.addHandlers(
        to: channel.pipeline.syncOperations, id: 7, configuration: AgentConfiguration(), token: Self.token, gate: gate,
        handler: handler, registry: ClientRegistry())
    }
    try await channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1))
    return channel
  }

  private func written(_ channel: NIOAsyncTestingChannel) async throws -> [String] {
    await channel.testingEventLoop.run()
    var text = ""
    while let bytes = try await channel.readOutbound(as: ByteBuffer.self) { text += String(buffer: bytes) }
    return text.split(separator: "\n").map(String.init)
  }

  /// The proof's answer waits for the gate's delay (a wrong proof came before); the lines sent
  /// right after the proof wait with it and reach the engine once the client is in, and from
  /// then on a line may be as long as any client's (until then, 256 bytes).
  @Test func aRightProofLetsTheClientInWithTheLinesItSentMeanwhile() async throws {
    let gate = AuthenticationGate(limit: 4)
    gate.failed()
    let handler = RecordingHandler()
    let channel = try await connect(gate: gate, handler: handler)
    #expect(gate.pending == 1)
    let client = ClientHandshake(token: Self.token)
    try await channel.writeInbound(ByteBuffer(string: client.firstLine + "\n"))
    let challenge = try #require(try await written(channel).first)
    let proof = try client.answer(to: challenge)
    try await channel.writeInbound(ByteBuffer(string: proof + "\nprint count\n.increment\n"))
    #expect(handler.noticed.isEmpty)
    await channel.testingEventLoop.advanceTime(by: .milliseconds(99))
    #expect(handler.noticed.isEmpty)
    await channel.testingEventLoop.advanceTime(by: .milliseconds(1))
    #expect(handler.noticed == ["print count", ".increment"])
    let long = String(repeating: "b", count: 1_000)
    try await channel.writeInbound(ByteBuffer(string: long + "\n"))
    #expect(handler.noticed.last == long)
    #expect(gate.pending == 0)
    #expect(gate.delay == .zero)
    let open = try await channel.testingEventLoop.submit { channel.isActive }.get()
    #expect(open)
    try await channel.close()
  }
}
