import SluiceDebugger
import Testing

/// `condition N [EXPR]` (gdb's): sets or removes an action breakpoint's condition, checked as
/// `break … if` checks one; `$bpnum` names the breakpoint made last.
@MainActor
@Suite struct BreakpointConditionTests {
  @Test func conditionMakesABreakpointStopOnlyWhenItHolds() async throws {
    let harness = try InterpreterHarness(feature: "counter")
    try await harness.result("break increment")
    guard case .message(let lines) = try await harness.result("condition 1 count >= 2") else {
      Issue.record("condition gave no message")
      return
    }
    #expect(lines == ["breakpoint 1 stops only if count >= 2"])

    #expect(stopReasons(try await harness.run(".increment").events).isEmpty)
    #expect(stopReasons(try await harness.run(".increment").events).isEmpty)
    #expect(stopReasons(try await harness.run(".increment").events) == [.breakpoint(id: 1, action: ".increment")])
  }

  @Test func conditionWithoutAnExpressionMakesTheBreakpointUnconditional() async throws {
    let harness = try InterpreterHarness(feature: "counter")
    try await harness.result("break increment if count > 100")
    guard case .message(let lines) = try await harness.result("condition 1") else {
      Issue.record("condition gave no message")
      return
    }
    #expect(lines == ["breakpoint 1 is now unconditional"])
    guard case .breakpoints(let breakpoints) = try await harness.result("info breakpoints") else { return }
    #expect(breakpoints.map(\.kind) == [.action(pattern: "increment", condition: nil)])
    #expect(stopReasons(try await harness.run(".increment").events) == [.breakpoint(id: 1, action: ".increment")])
  }

  @Test func conditionRefusesWhatBreakIfRefuses() async throws {
    let harness = try InterpreterHarness(feature: "counter")
    try await harness.result("break increment")
    // The literal is checked against the type at the path, as `break … if` does.
    let wrongType = try await harness.error(#"condition 1 count > "many""#)
    #expect(wrongType.message.hasPrefix(#""many" is not a"#))
    #expect(try CommandParserErrors.message(of: "condition 1 count >").contains("expected PATH OP VALUE"))
    #expect(try await harness.error("condition 7 count > 1").message == "no breakpoint 7")
    try await harness.result("watch count")
    #expect(try await harness.error("condition 2 count > 1").message.contains("takes no condition"))
    // Nothing changed on the breakpoint the refused conditions named.
    guard case .breakpoints(let breakpoints) = try await harness.result("info breakpoints") else { return }
    #expect(breakpoints.first?.kind == .action(pattern: "increment", condition: nil))
  }

  @Test func bpnumNamesTheBreakpointMadeLast() async throws {
    let harness = try InterpreterHarness(feature: "counter")
    #expect(try await harness.error("disable $bpnum").message.contains("none was made yet"))
    try await harness.result("break increment")
    try await harness.result("break decrement")
    guard case .message(let lines) = try await harness.result("disable $bpnum") else { return }
    #expect(lines == ["disabled breakpoint 2"])
    try await harness.result("condition $bpnum count > 3")
    guard case .breakpoints(let breakpoints) = try await harness.result("info breakpoints") else { return }
    #expect(breakpoints.map(\.isEnabled) == [true, false])
    #expect(breakpoints[1].kind != .action(pattern: "decrement", condition: nil))
  }
}

/// The message of the error a line's parse gives.
enum CommandParserErrors {
  static func message(of line: String) throws -> String {
    do {
      _ = try CommandParser().parse(line)
    } catch {
      return error.message
    }
    Issue.record("'\(line)' parsed")
    return ""
  }
}
