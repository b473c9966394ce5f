import SluiceDebugger
import Testing

/// `$action` in a breakpoint's condition names the action it stops before, by its payload's
/// labels: `break toggle if $action.id == 2`.
@MainActor
@Suite struct ActionConditionTests {
  @Test func aConditionOnTheActionStopsOnlyAtTheMatchingPayload() async throws {
    let harness = try InterpreterHarness(feature: "todos")
    guard case .breakpointAdded(let breakpoint, _) = try await harness.result("break toggle if $action.id == 2") else {
      Issue.record("no breakpoint")
      return
    }
    #expect(breakpoint.description == "break on .toggle if $action.id == 2")
    #expect(stopReasons(try await harness.run(".toggle(id: 1)").events).isEmpty)
    #expect(stopReasons(try await harness.run(".toggle(id: 2)").events) == [.breakpoint(id: 1, action: ".toggle(id: 2)")])
  }

  /// A condition on `$action` reads the action, which exists whenever the breakpoint is
  /// asked: it is never "pending" on the state (issue 49: `condition pending: 0 does not
  /// exist yet`, which read like an error).
  @Test func aConditionOnTheActionIsNeverPendingOnTheState() async throws {
    let harness = try InterpreterHarness(feature: "counter")
    guard case .breakpointAdded(_, let notes) = try await harness.result("break setStep if $action.0 == 3") else {
      Issue.record("no breakpoint")
      return
    }
    #expect(notes == [])
    guard case .breakpointAdded(_, let stateNotes) = try await harness.result("break setStep if step == 3") else {
      Issue.record("no breakpoint")
      return
    }
    #expect(stateNotes == [])
  }

  @Test func aConditionOnANestedActionNamesItsInnermostCase() async throws {
    let debugger = Debugger(registry: shelfRegistry, options: .forTests(usesVirtualClock: true))
    let interpreter = CommandInterpreter(debugger: debugger, origin: .script)
    _ = await interpreter.execute(line: "break setStep if $action.0 > 2")
    let small = try #require(await interpreter.execute(line: ".counter(.setStep(2))"))
    #expect(stopReasons(small.events).isEmpty)
    let large = try #require(await interpreter.execute(line: ".counter(.setStep(5))"))
    #expect(stopReasons(large.events).count == 1)
  }

  @Test func aNameTheMatchingActionsDoNotCarryIsRefusedWithTheNearest() async throws {
    let harness = try InterpreterHarness(feature: "todos")
    let error = try await harness.error("break toggle if $action.idd == 2")
    #expect(error.message == "no action matching 'toggle' has 'idd' (its fields: id); did you mean '$action.id'?")
    try await harness.result("break add")
    #expect(try await harness.error("condition 1 $action.tile == \"Milk\"").message.hasSuffix("did you mean '$action.title'?"))
    try await harness.result("condition 1 $action.title == \"Milk\"")
  }

  @Test func actionNamesOnlyTheActionAndOnlyInBreakpoints() throws {
    #expect(try CommandParserErrors.message(of: "break toggle if $act.id == 1").contains("unknown name '$act'"))
    #expect(try CommandParserErrors.message(of: "expect $action.id == 1").contains("use it in `break … if` or `condition`"))
  }

  @Test func aConditionOnTheActionSurvivesSaveAndSource() throws {
    let condition = try StateCondition(parsing: #"$action.id == UUID("00000000-0000-0000-0000-000000000001")"#)
    #expect(condition.subject == .action)
    #expect(try StateCondition(parsing: condition.description) == condition)
  }
}
