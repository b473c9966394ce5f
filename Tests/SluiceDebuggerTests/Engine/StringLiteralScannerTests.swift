import SluiceDebugger
import Testing

@Suite struct StringLiteralScannerTests {
  @Test func quotesAndEscapesAreInsideTheLiteral() {
    var scanner = StringLiteralScanner()
    let text = #"a "b \" # c" d"#
    let inside = text.map { scanner.consume($0) }
    // `a`, space: outside; from the opening quote to the closing one: inside; then outside.
    #expect(inside == [false, false, true, true, true, true, true, true, true, true, true, true, false, false])
    #expect(!scanner.isInString)
  }

  @Test func anUnclosedLiteralStaysOpen() {
    var scanner = StringLiteralScanner()
    for character in #"say "hi \""# { _ = scanner.consume(character) }
    #expect(scanner.isInString)
  }

  @Test func conditionsSplitOutsideStringsOnly() throws {
    let condition = try StateCondition(parsing: #"title == "a \"==\" b""#)
    #expect(condition.path.description == "title")
    #expect(condition.comparison == .equal)
    #expect(condition.literal == .string(#"a "==" b"#))
  }
}
