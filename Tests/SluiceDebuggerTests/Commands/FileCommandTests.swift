import Testing

@testable import SluiceDebugger

/// The commands that read or write files, declared once in the table (`touchesFiles`), and
/// a table that refuses them, as a browser's page gets unless the user allowed it files
/// (issue 52, finding 1).
@Suite struct FileCommandTests {
  @Test func everyCommandThatNamesAFileTouchesFiles() {
    let named = CommandTable.standard.words.filter { $0.forms.contains { $0.contains(.file) } }.map(\.name)
    let touching = CommandTable.standard.words.filter(\.touchesFiles).map(\.name)
    #expect(Set(named).isSubset(of: touching), "\(named) \(touching)")
    #expect(touching == ["save", "load", "source", "export"])
  }

  @Test func aTableRefusingFilesRefusesTheirEveryFormAtTheCommandsWord() throws {
    let parser = CommandParser(table: CommandTable.standard.refusingFiles { "no `\($0)` here" })
    for line in ["save a", "save breakpoints a", "  load a", "sou a", "export test a.swift", "export trace a.json", "export"] {
      #expect(throws: CommandParseError.self, "\(line)") { try parser.parse(line) }
      do {
        _ = try parser.parse(line)
      } catch {
        #expect(error.message.hasPrefix("no `"), "\(line): \(error)")
        #expect(error.column == line.prefix { $0 == " " }.count + 1, "\(line): \(error)")
      }
    }
    // Every other command reads as before.
    #expect(try parser.parse("log from 1 5") == .log(.window(from: 1, count: 5)))
    #expect(try parser.parse("ui") == .ui(allowsFiles: false))
    #expect(try parser.parse("ui --allow-files") == .ui(allowsFiles: true))
  }

  @Test func aCommandsListRefusesAFileCommandInIt() throws {
    let parser = CommandParser(table: CommandTable.standard.refusingFiles { "no `\($0)` here" })
    let opening = try #require(try parser.parse("commands 1"))
    var block = try #require(CommandBlock(opening: opening))
    #expect(throws: CommandParseError.self) { try block.add("save a", parser: parser) }
    #expect(try block.add("print count", parser: parser) == nil)
  }
}
