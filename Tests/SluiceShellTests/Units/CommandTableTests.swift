import ExampleRegistry
@testable import SluiceShell
@testable import SluiceReporting
import Testing

@testable import SluiceDebugger

/// The table of commands drives parsing, `help` and Tab completion: a command declared in it
/// once is parsed, described and completed, with nothing else to touch.
@MainActor
@Suite struct CommandTableTests {
  private func interpreter(_ table: CommandTable = .standard) throws -> CommandInterpreter {
    let debugger = Debugger(registry: exampleFeatures)
    try debugger.use("todos")
    return CommandInterpreter(debugger: debugger, table: table)
  }

  private func helpLines(_ line: String, _ interpreter: CommandInterpreter) async -> [String] {
    guard case .success(let result)? = await interpreter.execute(line: line)?.result else { return [] }
    return TextRenderer().lines(for: result)
  }

  @Test func everyCommandParsesItsExampleHasHelpAndCompletes() async throws {
    let interpreter = try interpreter()
    let completion = CommandCompletion(interpreter: interpreter)
    let overview = await helpLines("help", interpreter)
    for word in CommandTable.standard.words {
      #expect(try CommandParser().parse(word.example) != nil, "\(word.name): \(word.example)")
      #expect(overview.contains { $0.hasPrefix("  \(word.name) ") }, "\(word.name) is not in help")
      let details = await helpLines("help \(word.name)", interpreter)
      #expect(details.first == "usage: \(word.usage[0])")
      let names = completion.completions(forTextBeforeCursor: word.name).candidates.map(\.text)
      #expect(names.contains(word.name), "\(word.name) does not complete")
    }
  }

  @Test func aCommandAddedToTheTableIsParsedDescribedAndCompleted() async throws {
    let goto = CommandWord(
      "goto", topic: .files, usage: ["goto NAME"], summary: "switch to a feature, as lldb would say it",
      example: "goto counter", forms: [[.feature]]
    ) { _, cursor, usage throws(CommandParseError) in
      .use(feature: try cursor.requiredWord("a feature name", usage: usage).text)
    }
    let table = CommandTable.standard.adding(goto)
    let interpreter = try interpreter(table)

    // Parsing: unknown to the standard language, known to the extended one.
    #expect(throws: CommandParseError.self) { try CommandParser().parse("goto counter") }
    #expect(try CommandParser(table: table).parse("goto counter") == .use(feature: "counter"))
    guard case .success(.switched(let feature, _))? = await interpreter.execute(line: "goto counter")?.result else {
      Issue.record("goto did not switch")
      return
    }
    #expect(feature == "counter")

    // Help: listed under its topic, and described in full.
    let overview = await helpLines("help", interpreter)
    let topic = try #require(overview.firstIndex(of: "Features, sessions and files"))
    #expect(overview[topic...].contains { $0.hasPrefix("  goto ") && $0.hasSuffix("as lldb would say it") })
    #expect(await helpLines("help goto", interpreter).prefix(2) == ["usage: goto NAME", "switch to a feature, as lldb would say it"])

    // Completion: its name, then its slot's values.
    let completion = CommandCompletion(interpreter: interpreter)
    #expect(completion.completions(forTextBeforeCursor: "got").candidates.map(\.text) == ["goto"])
    let features = completion.completions(forTextBeforeCursor: "goto che").candidates.map(\.text)
    #expect(features == ["checkout"])
  }

  @Test func formsChooseTheSlotByTheirFixedWords() throws {
    let words = CommandTable.standard
    let breakWord = try words.resolve("break")
    #expect(CommandCompletion.slots(of: breakWord, after: []) == [.keyword("job"), .keyword("cycle"), .casePattern])
    #expect(CommandCompletion.slots(of: breakWord, after: ["job"]) == [.jobName])
    #expect(CommandCompletion.slots(of: breakWord, after: ["add", "if"]) == [.condition])
    #expect(CommandCompletion.slots(of: try words.resolve("delete"), after: ["1", "2"]) == [.repeated(.breakpointID)])
    #expect(CommandCompletion.slots(of: try words.resolve("set"), after: ["history"]) == [.keyword("limit")])
  }
}
