import NIOCore
import NIOEmbedded
import NIOTestUtils
import Testing

@testable import SluiceAgent
@testable import SluiceAgentTransport

/// The line decoder in NIO's `ByteToMessageHandler`: NIO's verifier feeds it each input whole,
/// byte by byte and in every other split, and checks the same lines come out.
@Suite struct LineFrameDecoderTests {
  private func decoder(limit: Int = 100) -> LineFrameDecoder {
    LineFrameDecoder(limit: LineFrameDecoder.Limit(bytes: limit))
  }

  /// A channel with the decoder alone.
  private func channel(limit: Int) throws -> EmbeddedChannel {
    EmbeddedChannel(handler: ByteToMessageHandler(decoder(limit: limit)))
  }

  @Test func linesEndAtNewlinesWithOrWithoutCarriageReturnsHoweverTheBytesArrive() throws {
    try ByteToMessageDecoderVerifier.verifyDecoder(
      stringInputOutputPairs: [
        ("one\r\n", ["one"]), ("two\nthree\n", ["two", "three"]), ("\n", [""]), ("thré\n", ["thré"]),
        ("a\rb\n", ["a\rb"]),
      ],
      decoderFactory: { decoder() })
  }

  @Test func anUnfinishedLinePastTheLimitFailsBeforeItsEnd() throws {
    let channel = try channel(limit: 8)
    try channel.writeInbound(ByteBuffer(string: "123456789"))  // 9 bytes may still be 8 and a \r
    #expect(try channel.readInbound(as: String.self) == nil)
    #expect(throws: LineFrameDecoder.Failure.tooLong(limit: 8)) {
      try channel.writeInbound(ByteBuffer(string: "0"))
    }
  }

  @Test func theLimitIsReadAtEachLineSoItCanRise() throws {
    let limit = LineFrameDecoder.Limit(bytes: 4)
    let channel = EmbeddedChannel(handler: ByteToMessageHandler(LineFrameDecoder(limit: limit)))
    try channel.writeInbound(ByteBuffer(string: "four\n"))
    #expect(try channel.readInbound(as: String.self) == "four")
    limit.bytes = 10
    try channel.writeInbound(ByteBuffer(string: "a longer\n"))
    #expect(try channel.readInbound(as: String.self) == "a longer")
  }

  @Test func bytesThatAreNotUTF8Fail() throws {
    let channel = try channel(limit: 100)
    #expect(throws: LineFrameDecoder.Failure.notUTF8) {
      try channel.writeInbound(ByteBuffer(bytes: [0x61, 0xC3, 0x28, 0x0A]))
    }
  }

  @Test func anUnfinishedLineAtTheEndOfInputIsDropped() throws {
    let channel = try channel(limit: 100)
    try channel.writeInbound(ByteBuffer(string: "done\npartial"))
    channel.pipeline.fireUserInboundEventTriggered(ChannelEvent.inputClosed)
    #expect(try channel.readInbound(as: String.self) == "done")
    #expect(try channel.readInbound(as: String.self) == nil)
  }
}
