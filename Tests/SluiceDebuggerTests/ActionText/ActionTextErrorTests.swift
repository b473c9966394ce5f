import SluiceDebugger
import Testing

@Suite("Malformed action text gets precise errors")
struct ActionTextErrorTests {
  private func parseError(_ text: String) -> ActionTextError? {
    do {
      _ = try ActionTextParser().parse(text)
      return nil
    } catch {
      return error
    }
  }

  @Test(arguments: [
    (
      #".add(title: "Milk", priority: 2"#, 32,
      "expected ')' to close '(' opened at column 5, found end of input"
    ),
    (#".add(title: "Milk"#, 13, "unterminated string literal"),
    (#".add(title: "Mi\qlk")"#, 16, #"invalid escape '\q'"#),
    (".add(#tag)", 6, "unexpected character '#'"),
    (".load(ids: [1, 2)", 17, "expected ']' to close '[' opened at column 12, found ')'"),
    (
      #".add(title: "Milk" priority: 2)"#, 20,
      "expected ')' to close '(' opened at column 5, found 'priority'"
    ),
    (".increment extra", 12, "expected end of input, found 'extra'"),
    ("", 1, "expected an action, found end of input"),
    (".(3)", 2, "expected a case name after '.', found '('"),
    (".setStep(12abc)", 10, "invalid number literal '12abc'"),
    (".setStep(0x)", 10, "invalid number literal '0x'"),
    (#".set(["a": 1, "b"])"#, 18, "expected ':' after the dictionary key, found ']'"),
    (".add(title: ,)", 13, "expected a value, found ','"),
    (#".x("\u{D800}")"#, 5, #"invalid Unicode scalar in '\u{…}'"#),
    (#".x("\u12")"#, 5, #"expected '{' after '\u'"#),
    (#".x("a\(b)")"#, 6, "string interpolation is not supported in action text"),
    ("`default", 9, "expected '`' to close the name opened at column 1"),
    ("🙂", 1, "unexpected character '🙂'"),
    ("\u{7}", 1, #"unexpected character '\u{7}'"#),
    ("é.add(#)", 7, "unexpected character '#'"),
  ])
  func reportsColumnAndMessage(text: String, column: Int, message: String) throws {
    let error = try #require(parseError(text))
    #expect(error.column == column)
    #expect(error.message == message)
  }

  @Test func descriptionShowsColumnMessageAndSnippet() throws {
    let error = try #require(parseError(".add(#tag)"))
    #expect(error.snippet == "#tag)")
    #expect(error.description == ##"column 6: unexpected character '#' (at "#tag)")"##)
    let atEnd = try #require(parseError("("))
    #expect(atEnd.description == "column 2: expected a value, found end of input")
  }

  @Test func columnsCountCharactersNotBytes() throws {
    // "👩‍👩‍👧" is one character of 18 bytes.
    let error = try #require(parseError(#".x("👩‍👩‍👧", #)"#))
    #expect(error.column == 9)
  }

  @Test func megabyteStringLiteralParses() throws {
    let content = String(repeating: "abcdefgh", count: 131_072)
    let literal = try ActionTextParser().parse(".note(\"" + content + "\")")
    #expect(literal == .enumCase(name: "note", arguments: [.init(.string(content))]))
  }

  @Test func megabyteUnterminatedStringIsRejectedAtItsStart() throws {
    let error = try #require(parseError(".note(\"" + String(repeating: "x", count: 1 << 20)))
    #expect(error.column == 7)
    #expect(error.message == "unterminated string literal")
  }

  @Test func megabyteOfOpeningBracketsHitsTheDepthLimit() throws {
    let error = try #require(parseError(String(repeating: "[", count: 1 << 20)))
    #expect(error.column == 257)
    #expect(error.message == "nesting is deeper than 256 levels")
    let parentheses = try #require(parseError(String(repeating: ".a(", count: 400_000)))
    #expect(parentheses.message == "nesting is deeper than 256 levels")
  }

  @Test func deepButAllowedNestingParses() throws {
    let text = String(repeating: "[", count: 256) + String(repeating: "]", count: 256)
    var literal = try ActionTextParser().parse(text)
    var depth = 0
    while case .array(let elements) = literal, let first = elements.first {
      literal = first
      depth += 1
    }
    #expect(depth == 255)
    #expect(ActionTextParser(maximumDepth: 10).maximumDepth == 10)
    #expect(throws: ActionTextError.self) { try ActionTextParser(maximumDepth: 10).parse(text) }
  }

  @Test func longArrayOfNumbersParses() throws {
    let text = "[" + Array(repeating: "1", count: 100_000).joined(separator: ",") + "]"
    guard case .array(let elements) = try ActionTextParser().parse(text) else {
      Issue.record("expected an array")
      return
    }
    #expect(elements.count == 100_000)
  }

  @Test func invalidUTF8IsRejectedWithItsColumn() throws {
    let bytes: [UInt8] = Array(".add(\"".utf8) + [0xC3, 0x28] + Array("\")".utf8)
    do {
      _ = try ActionTextParser().parse(utf8: bytes)
      Issue.record("expected an error")
    } catch {
      #expect(error.column == 7)
      #expect(error.message == "invalid UTF-8 byte 0xC3")
    }
    do {
      _ = try ActionTextParser().parse(utf8: [0x2E, 0x61, 0xFF])
      Issue.record("expected an error")
    } catch {
      #expect(error.column == 3)
      #expect(error.message == "invalid UTF-8 byte 0xFF")
    }
  }

  @Test func binaryGarbageNeverCrashes() {
    // A deterministic generator, so a failure reproduces.
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next() -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state >> 33
    }
    let alphabet = Array(#".,:()[]{}"\ -_0x1e9aZ`'?#🙂"#.utf8)
    var rejected = 0
    for round in 0..<2_000 {
      let length = Int(next() % 64)
      let bytes: [UInt8] = (0..<length).map { _ in
        round.isMultiple(of: 2)
          ? UInt8(truncatingIfNeeded: next()) : alphabet[Int(next() % UInt64(alphabet.count))]
      }
      do {
        _ = try ActionTextParser().parse(utf8: bytes)
      } catch {
        rejected += 1
        #expect(error.column >= 1)
        #expect(!error.message.isEmpty)
      }
    }
    #expect(rejected > 1_000)
  }

  @Test func repairedStringInputIsRejectedNotCrashing() throws {
    // Bytes repaired into U+FFFD by `String(decoding:)` are just an unexpected character.
    let text = String(decoding: [0x2E, 0x61, 0x28, 0xFF, 0x29] as [UInt8], as: UTF8.self)
    let error = try #require(parseError(text))
    #expect(error.column == 4)
    #expect(error.message == "unexpected character '\u{FFFD}'")
  }
}
