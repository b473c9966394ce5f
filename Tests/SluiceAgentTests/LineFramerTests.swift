import NIOCore
import Testing

@testable import SluiceAgent

@Suite struct LineFramerTests {
  private func feed(_ framer: inout LineFramer, _ text: [UInt8]) {
    var bytes = ByteBufferAllocator().buffer(bytes: text)
    framer.append(&bytes)
  }

  @Test func linesEndAtNewlinesWithOrWithoutCarriageReturns() throws {
    var framer = LineFramer(limit: 100)
    feed(&framer, Array("one\r\ntw".utf8))
    #expect(try framer.nextLine() == "one")
    #expect(try framer.nextLine() == nil)
    feed(&framer, Array("o\n\nthré\n".utf8))
    #expect(try framer.nextLine() == "two")
    #expect(try framer.nextLine() == "")
    #expect(try framer.nextLine() == "thré")
    #expect(try framer.nextLine() == nil)
  }

  @Test func anUnfinishedLinePastTheLimitFailsBeforeItsEnd() throws {
    var framer = LineFramer(limit: 8)
    feed(&framer, Array("123456789".utf8))
    #expect(try framer.nextLine() == nil)  // 9 bytes may still be 8 and a \r
    feed(&framer, Array("0".utf8))
    #expect(throws: LineFramer.Failure.tooLong(limit: 8)) { try framer.nextLine() }
  }

  @Test func bytesThatAreNotUTF8Fail() {
    var framer = LineFramer(limit: 100)
    feed(&framer, [0x61, 0xC3, 0x28, 0x0A])
    #expect(throws: LineFramer.Failure.notUTF8) { try framer.nextLine() }
  }
}
