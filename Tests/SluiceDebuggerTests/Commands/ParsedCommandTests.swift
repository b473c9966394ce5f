import Testing

@testable import SluiceDebugger

/// A line is read once: what the echo, the reply and error carets need comes from that
/// reading, the same as the line's own text says.
@Suite("Command parser: a line read once")
struct ParsedCommandTests {
  @Test func aCommandKnowsItsNameEchoAndColumns() throws {
    let parsed = try #require(try CommandParser().read("  p   count  # the total"))
    #expect(parsed.command == .state(path: "count"))
    #expect(parsed.name == "print")
    #expect(parsed.echo == "p   count")
    #expect(parsed.column == 3)
    #expect(parsed.argumentColumn == 7)
  }

  @Test func anActionLineIsASendWhoseArgumentIsTheAction() throws {
    let parsed = try #require(try CommandParser().read("\t.add(12)"))
    #expect(parsed.command == .send(action: ".add(12)"))
    #expect(parsed.name == "send")
    #expect(parsed.echo == ".add(12)")
    #expect((parsed.column, parsed.argumentColumn) == (2, 2))
  }

  @Test func aCommandWithoutArgumentsPlacesErrorsAtItself() throws {
    let parsed = try #require(try CommandParser().read("  continue"))
    #expect(parsed.name == "continue")
    #expect((parsed.column, parsed.argumentColumn) == (3, 3))
  }

  @Test func blankLinesAndCommentsReadAsNothing() throws {
    #expect(try CommandParser().read("   ") == nil)
    #expect(try CommandParser().read("# only a comment") == nil)
  }

  @Test func theEchoOfANonASCIILineIsTrimmedToo() throws {
    let parsed = try #require(try CommandParser().read("\u{3000} p title # é"))
    #expect(parsed.echo == "p title")
    #expect(parsed.column == 3)
  }
}
