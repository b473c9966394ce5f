import SluiceDebugger
import Testing

@Suite struct LexicalScannerTests {
  @Test func quotesAndEscapesAreInsideTheLiteral() {
    var scanner = LexicalScanner()
    let text = #"a "b \" # c" d"#
    let inside = text.map { scanner.consume($0) == .quoted }
    // `a`, space: outside; from the opening quote to the closing one: inside; then outside.
    #expect(inside == [false, false, true, true, true, true, true, true, true, true, true, true, false, false])
    #expect(!scanner.isInString)
  }

  @Test func anUnclosedLiteralStaysOpen() {
    var scanner = LexicalScanner()
    for character in #"say "hi \""# { _ = scanner.consume(character) }
    #expect(scanner.isInString)
  }

  @Test func bracketsNestOutsideStringsOnly() {
    var scanner = LexicalScanner()
    let roles = #"f(["]", x])"#.map { scanner.consume($0) }
    #expect(roles == [.plain, .opening, .opening, .quoted, .quoted, .quoted, .plain, .plain, .plain, .closing, .closing])
    #expect(scanner.depth == 0)
    for character in "a[(" { _ = scanner.consume(character) }
    #expect(scanner.openClosers == ["]", ")"])
    #expect(scanner.consume("]") == .mismatched)
  }

  @Test func conditionsSplitOutsideStringsOnly() throws {
    let condition = try StateCondition(parsing: #"title == "a \"==\" b""#)
    #expect(condition.path.description == "title")
    #expect(condition.comparison == .equal)
    #expect(condition.literal == .string(#"a "==" b"#))
  }
}
