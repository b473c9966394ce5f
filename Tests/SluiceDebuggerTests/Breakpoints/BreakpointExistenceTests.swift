import SluiceDebugger
import SluiceReporting
import Testing

/// Breakpoints and watchpoints on what the feature cannot have are refused when made, with
/// the nearest name; those on what it does not have yet are accepted and say so.
@MainActor
@Suite struct BreakpointExistenceTests {
  @Test func aBreakpointOnACaseTheActionDoesNotHaveIsRefusedWithTheNearestCase() async throws {
    let harness = try InterpreterHarness(feature: "checkout")
    let error = try await harness.error("break chekout")
    #expect(error.message.contains("no case"), "\(error.message)")
    #expect(error.message.contains("did you mean '.checkout'?"), "\(error.message)")
    #expect(try await harness.error("tbreak .paymentSucceded").message.contains("did you mean '.paymentSucceeded'?"))
    try await harness.result("break checkout")
    try await harness.result("break .validated")
  }

  @Test func aBreakpointConditionOnAPathTheStateCannotHaveIsRefusedWithTheNearestProperty() async throws {
    let harness = try InterpreterHarness(feature: "search")
    let error = try await harness.error(#"break search if qurey == "a""#)
    #expect(error.message.contains("qurey"), "\(error.message)")
    #expect(error.message.contains("did you mean 'query'?"), "\(error.message)")
    #expect(try await harness.error("break search if nosuch == 3").message.contains("nosuch"))
    // A path that exists later (a case not active now) is a condition that does not hold yet.
    try await harness.result(#"break search if results.loaded[0] == "a""#)
  }

  @Test func aGlobThatMatchesNoCaseTodayIsAcceptedWithAWarning() async throws {
    let harness = try InterpreterHarness(feature: "checkout")
    let lines = TextRenderer().lines(for: try await harness.result("break refund*"))
    #expect(lines.first == "breakpoint 1: break on .refund*")
    #expect(lines.dropFirst().contains { $0.contains("warning") && $0.contains("no case") }, "\(lines)")
    let matching = TextRenderer().lines(for: try await harness.result("break payment*"))
    #expect(matching == ["breakpoint 2: break on .payment*"])
  }

  @Test func aWatchpointOnAPathTheStateCannotHaveIsRefusedWithTheNearestProperty() async throws {
    let harness = try InterpreterHarness(feature: "search")
    let error = try await harness.error("watch resluts")
    #expect(error.message.contains("did you mean 'results'?"), "\(error.message)")
  }

  /// Issue 45: `watch products.loded[1].stock` was pending forever: a name on an enum was
  /// taken for a case not active now. The enum's cases are known from its type (its
  /// decoding), so a case it never has is refused, with the nearest, as for a property.
  @Test func aWatchpointThroughACaseTheEnumNeverHasIsRefusedWithTheNearestCase() async throws {
    let harness = try InterpreterHarness(feature: "search")
    let error = try await harness.error("watch results.loded[1]")
    #expect(error.message.contains("loded"), "\(error.message)")
    #expect(error.message.contains("did you mean 'loaded'?"), "\(error.message)")
    #expect(try await harness.error(#"break search if results.lodaed[0] == "a""#).message.contains("did you mean 'loaded'?"))
    // A case the enum has, not active now, is pending as before.
    let lines = TextRenderer().lines(for: try await harness.result("watch results.failed"))
    #expect(lines.last == "watchpoint 1 pending: results.failed does not exist yet", "\(lines)")
  }

  /// An enum whose decoding is not keyed by its case names tells nothing about them: a name
  /// on it stays possible (pending), as before.
  @Test func anEnumDecodedOtherwiseKeepsANameOnItPending() throws {
    #expect(EnumCaseKeys.of(RawShape.self) == nil)
    #expect(EnumCaseKeys.of(Int.self) == nil)
    let keys = try #require(EnumCaseKeys.of(KeyedPhase.self))
    #expect(keys.hasCase("running"))
    #expect(!keys.hasCase("runing"))
    #expect(keys.nearestCase(to: "runing") == "running")
  }

  @Test func aWatchpointOnAPathThatDoesNotExistYetIsPendingAndStopsWhenItAppearsAndWhenItChanges() async throws {
    let harness = try InterpreterHarness(feature: "search")
    let lines = TextRenderer().lines(for: try await harness.result("watch results.loaded[1]"))
    #expect(lines == ["breakpoint 1: watch results.loaded[1]", "watchpoint 1 pending: results.loaded[1] does not exist yet"])
    let session = try #require(harness.interpreter.debugger.current)

    // The results load with one name: the path still does not exist, and nothing stops.
    let first = try await harness.run(#"send .searchResponse(["a"])"#)
    #expect(stopReasons(first.events).isEmpty)
    #expect(session.inspection.status != .paused)

    // It appears.
    let appeared = stopReasons(try await harness.run(#"send .searchResponse(["a", "b"])"#).events)
    guard case .watchpoint(1, _, _, let new, _)? = appeared.first else {
      Issue.record("no stop when the path appeared: \(appeared)")
      return
    }
    #expect(new == #""b""#)

    // And changes.
    try await harness.result("continue")
    let changed = stopReasons(try await harness.run(#"send .searchResponse(["a", "c"])"#).events)
    guard case .watchpoint(1, _, let old, let newer, _)? = changed.first else {
      Issue.record("no stop when the value changed: \(changed)")
      return
    }
    #expect(old == #""b""#)
    #expect(newer == #""c""#)
  }
}

/// Decoded from its raw value, not keyed by case.
private enum RawShape: String, Codable { case circle, square }

/// Decoded keyed by case, as Swift synthesizes it.
private enum KeyedPhase: Codable {
  case idle
  case running(since: Int)
}
