import ExampleRegistry
import SluiceDebugger
import SluiceReporting
import Testing

/// An interpreter over the example features, driven by command lines as a script would.
@MainActor
final class InterpreterHarness {
  let interpreter: CommandInterpreter

  init(feature: String? = nil, virtualClock: Bool = true) throws {
    let debugger = Debugger(registry: exampleFeatures, options: .forTests(usesVirtualClock: virtualClock))
    interpreter = CommandInterpreter(debugger: debugger, origin: .script)
    if let feature { try debugger.use(feature) }
  }

  /// Parses and executes `line`; a session described for a file is written, as a client's
  /// endpoint writes it.
  func run(_ line: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) async throws -> CommandOutcome {
    let command = try #require(try CommandParser().parse(line), "no command in '\(line)'", sourceLocation: sourceLocation)
    var outcome = await interpreter.execute(command)
    if case .success(.export(let export, let path)) = outcome.result {
      outcome.result = CommandEndpoint.write(export, to: path)
    }
    return outcome
  }

  /// Runs `line` and returns its result, failing the test when it is an error.
  @discardableResult
  func result(_ line: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) async throws -> CommandResult {
    try await run(line, sourceLocation: sourceLocation).result.get()
  }

  /// Runs `line` and returns its error, failing the test when it succeeded.
  func error(_ line: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) async throws -> DebugError {
    let outcome = try await run(line, sourceLocation: sourceLocation)
    guard case .failure(let error) = outcome.result else {
      Issue.record("'\(line)' succeeded", sourceLocation: sourceLocation)
      throw DebugError("unexpected success")
    }
    return error
  }

  /// Runs `line`, which must be an expectation, and returns its outcome.
  func expectation(_ line: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) async throws -> ExpectationOutcome {
    guard case .expectation(let outcome) = try await result(line, sourceLocation: sourceLocation) else {
      Issue.record("'\(line)' is not an expectation", sourceLocation: sourceLocation)
      throw DebugError("not an expectation")
    }
    return outcome
  }

  /// The compact rendering of the value at `path`.
  func value(_ path: String) async throws -> String {
    guard case .value(_, let tree) = try await result("print \(path)") else { return "" }
    return tree.compactDescription
  }
}

/// The records of the `reduced` events among `events`.
func reducedRecords(_ events: [DebugEvent]) -> [HistoryRecord] {
  events.compactMap { event in
    if case .reduced(let record, _, _) = event { return record }
    return nil
  }
}

/// The stop reasons among `events`.
func stopReasons(_ events: [DebugEvent]) -> [StopReason] {
  events.compactMap { event in
    if case .stopped(let reason) = event { return reason }
    return nil
  }
}
