import ExampleRegistry
import SluiceDebugger
import SluiceReporting
import Testing

/// Issue 45: an error found running a command pointed at the start of its argument (`break
/// add if …` at `add`, `set var …` at `var`, a misspelled label at the case), not at what
/// was wrong. The caret goes to the culprit.
@MainActor
@Suite struct CulpritCaretTests {
  private func failureColumn(_ line: String, feature: String) async throws -> Int? {
    let debugger = Debugger(registry: exampleFeatures, options: .forTests(usesVirtualClock: true))
    try debugger.use(feature)
    let endpoint = CommandEndpoint(interpreter: CommandInterpreter(debugger: debugger))
    let reply = await endpoint.run(line)
    #expect(reply.failure != nil, "\(line) succeeded")
    return reply.failure?.column
  }

  /// The 1-based column of `part` in `line`.
  private func column(of part: String, in line: String) -> Int? {
    line.range(of: part).map { line.distance(from: line.startIndex, to: $0.lowerBound) + 1 }
  }

  @Test func aConditionsPathThatCannotExistIsPointedAt() async throws {
    let line = "break  increment   if  cuont == 3"
    #expect(try await failureColumn(line, feature: "counter") == column(of: "cuont", in: line))
  }

  @Test func setVarPointsAtThePathOrTheValueThatIsWrong() async throws {
    let path = #"set var cuont = "x""#
    #expect(try await failureColumn(path, feature: "counter") == column(of: "cuont", in: path))
    let value = #"set  var count =  "x""#
    #expect(try await failureColumn(value, feature: "counter") == column(of: #""x""#, in: value))
  }

  @Test func aMisspelledLabelIsPointedAt() async throws {
    let line = #".add(titel: "milk")"#
    #expect(try await failureColumn(line, feature: "todos") == column(of: "titel", in: line))
    let sent = #"send .add(titel: "milk")"#
    #expect(try await failureColumn(sent, feature: "todos") == column(of: "titel", in: sent))
  }
}
