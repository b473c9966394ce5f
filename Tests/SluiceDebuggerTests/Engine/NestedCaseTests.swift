import SluiceDebugger
import Testing

/// A pattern names a nested case by its last component too: `increment` matches
/// `.counter(.increment)`, whose case path is `counter.increment`. Observed on 5c7706d:
/// `break checkout` and `log case checkout` silently matched nothing for `.cart(.checkout)`.
@MainActor
@Suite struct NestedCaseTests {
  @Test func aBareCaseNameStopsAtANestedCase() throws {
    let session = try Debugger(registry: shelfRegistry, options: .forTests(usesVirtualClock: true)).use("shelf")
    _ = try session.breakpointControl.addBreakpoint(.action(pattern: "increment", condition: nil), isOneShot: false, ignoreCount: 0)

    session.running.type(".counter(.increment)")

    #expect(session.inspection.status == .paused)
    #expect(stops(in: session.inspection.takeEvents()).contains { if case .breakpoint(1, _) = $0 { true } else { false } })
  }

  @Test func logCaseFindsNestedCasesAndSaysWhenNothingMatches() async throws {
    let debugger = Debugger(registry: shelfRegistry, options: .forTests(usesVirtualClock: true))
    let interpreter = CommandInterpreter(debugger: debugger)
    let session = try debugger.use("shelf")
    session.running.type(".counter(.increment)")
    session.running.type(#".rename(title: "Top", note: "")"#)

    let found = await interpreter.execute(try #require(try CommandParser().parse("log case increment")))
    guard case .success(.history(let records, _, _)) = found.result else {
      Issue.record("log case increment should list the nested entry")
      return
    }
    #expect(records.map(\.caseName) == ["counter.increment"])

    let none = await interpreter.execute(try #require(try CommandParser().parse("log case checkout")))
    guard case .success(.message(let lines)) = none.result else {
      Issue.record("an empty match should say so")
      return
    }
    #expect(lines == ["no entry's case matches 'checkout' (cases in the history: .counter.increment, .rename)"])
  }
}
