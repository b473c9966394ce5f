import Testing

@testable import SluiceDebugger

/// The one hexadecimal formatter, and the places that print through it.
@Suite struct HexDigitsTests {
  @Test func digitsArePaddedAndCased() {
    #expect(HexDigits.of(UInt8(0x0F), minimumCount: 2) == "0F")
    #expect(HexDigits.of(UInt32(0xAD), minimumCount: 4) == "00AD")
    #expect(HexDigits.of(UInt64(0xBEEF), minimumCount: 16, uppercase: false) == "000000000000beef")
    #expect(HexDigits.of(UInt32(0x1F600)) == "1F600")
  }

  @Test func renderedStringsAndBadBytesUseIt() throws {
    #expect(SwiftStringEscaping.quoted("a\u{7F}") == #""a\u{7F}""#)
    do {
      _ = try ActionTextParser().parse(utf8: [UInt8(ascii: "."), 0xFF])
      Issue.record("a lone 0xFF parsed")
    } catch {
      #expect(error.message == "invalid UTF-8 byte 0xFF")
    }
  }

  @Test func scalarsDecodeWithTheirLengths() {
    let source = ActionSource("a€😀")
    #expect(source.scalar(at: 0) == ("a", 1))
    #expect(source.scalar(at: 1) == ("€", 3))
    #expect(source.scalar(at: 4) == ("😀", 4))
    #expect(source.scalar(at: 2) == ("\u{FFFD}", 1))
  }
}
