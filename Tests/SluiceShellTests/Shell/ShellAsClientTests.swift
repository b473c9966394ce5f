import ExampleRegistry
import Foundation
import SluiceDebugger
import SluiceReporting
import Testing

/// The shell is a client of the JSON protocol: one session driven through `sluice run --json -`
/// requests alone, and the same session driven through the shell, see the same typed
/// events, and the shell shows exactly what the text renderer makes of them.
@MainActor
@Suite("The shell as a client")
struct ShellAsClientTests {
  /// Commands whose answers cover most typed events: sends, values, history, diffs, search,
  /// breakpoints and watchpoints, a stop and its backtrace, time travel, jobs, features,
  /// settings, help, expectations that hold and fail, and errors found reading and running.
  static let commands = [
    "use counter",
    ".increment",
    "send .setStep(5)",
    ".increment",
    "print count",
    "state",
    "log",
    "diff 1 3",
    "find 6",
    "break .decrement",
    "watch count",
    "info breakpoints",
    ".decrement",
    "bt",
    "step",
    "info jobs",
    "continue",
    "jump 2",
    "log",
    ".increment",
    "info features",
    "info settings",
    "help print",
    "expect count == 1",
    "expect step == 4",
    "sned .increment",
    "print nosuch",
    "toggle 1",
    "display count",
    ".increment",
    "features",
  ]

  /// The events a client of `sluice run --json -` reads for each command sent as a request
  /// (`{"id":N,"command":"…"}`), decoded from the lines written, by request.
  private func jsonDrive() async throws -> [[ProtocolEvent]] {
    let debugger = Debugger(registry: exampleFeatures, options: ShellFixture.options(virtualClock: true))
    let output = CapturedScriptOutput()
    let runner = ScriptRunner(interpreter: CommandInterpreter(debugger: debugger), output: output, format: .json)
    var requests = Self.commands.enumerated().map { number, command in
      let text = String(decoding: try! JSONEncoder().encode(command), as: UTF8.self)
      return #"{"id":\#(number + 1),"command":\#(text)}"#
    }
    await RequestLoop(runner: runner).run(lines: { requests.isEmpty ? nil : requests.removeFirst() }, name: "<stdin>")
    let events = try output.standardOutput.map { try JSONDecoder().decode(ProtocolEvent.self, from: Data($0.utf8)) }
    return Self.commands.indices.map { index in events.filter { $0.id == .integer(index + 1) } }
  }

  /// The lines the shell wrote for the commands typed, after its greeting.
  private func shellDrive() async -> [String] {
    let run = await ShellFixture.run(Self.commands, virtualClock: true)
    let lines = Array(run.lines.drop { !$0.hasPrefix("`help` lists the commands") }.dropFirst())
    return lines.last == "" ? Array(lines.dropLast()) : lines
  }

  /// What a client shows for `events` of a request: the command it sent is not echoed,
  /// and an error is placed in the command, not in a script.
  private func shown(_ events: [ProtocolEvent]) -> [String] {
    events.flatMap { event -> [RenderedLine] in
      switch event.payload {
      case .command:
        return []
      case .error(var error):
        (error.file, error.line) = (nil, nil)
        return [TextRenderer().errorLine(error)]
      case .expectation(var expectation):
        (expectation.file, expectation.line) = (nil, nil)
        return TextRenderer().typedLines(for: ProtocolEvent(.expectation(expectation)))
      default:
        return TextRenderer().typedLines(for: event)
      }
    }.map(\.text)
  }

  @Test func theShellShowsWhatAJSONClientReceivesForTheSameCommands() async throws {
    let answers = try await jsonDrive()
    let shell = await shellDrive()
    #expect(answers.allSatisfy { $0.last?.payload.name == "completed" })
    // At the end of its input the shell warns once that the session was never saved.
    #expect(shell.last?.hasPrefix("not saved: counter") == true, "\(shell)")
    #expect(shell.dropLast() == answers.flatMap(shown)[...])
  }

  /// The events the shell renders are the endpoint's; a JSON client decodes the same values.
  @Test func theEndpointAnswersWithTheEventsAJSONClientDecodes() async throws {
    let answers = try await jsonDrive()
    let debugger = Debugger(registry: exampleFeatures, options: ShellFixture.options(virtualClock: true))
    let endpoint = CommandEndpoint(interpreter: CommandInterpreter(debugger: debugger))
    for (index, command) in Self.commands.enumerated() {
      let number = index + 1
      let reply = await endpoint.run(command)
      let expected = answers[index].filter { $0.payload.name != "command" }
      let events = reply.events(answering: .integer(number), inScript: "<stdin>", line: number)
      #expect(events.map(Self.timeless) == expected.map(Self.timeless), "\(command)")
    }
  }

  /// `event` without the time each action took to reduce, which no two runs share.
  private static func timeless(_ event: ProtocolEvent) -> ProtocolEvent {
    guard case .logEntries(var answer) = event.payload else { return event }
    for index in answer.fields.entries.indices { answer.fields.entries[index].durationNanoseconds = 0 }
    return ProtocolEvent(.logEntries(answer), answering: event.id)
  }

  /// The typed events render as the engine's values they were made from do, line for line
  /// and kind for kind (colour): the shell shows what it showed before it was a client.
  @Test func theEventsRenderAsTheValuesTheyWereMadeFrom() async throws {
    let renderer = TextRenderer()
    let debugger = Debugger(registry: exampleFeatures, options: ShellFixture.options(virtualClock: true))
    let endpoint = CommandEndpoint(interpreter: CommandInterpreter(debugger: debugger))
    for command in Self.commands {
      let reply = await endpoint.run(command)
      var fromValues = reply.sessionEvents.flatMap(renderer.typedLines(for:))
      if let failure = reply.failure { fromValues.append(renderer.errorLine(failure.message, column: failure.column)) }
      if let result = reply.result { fromValues += renderer.typedLines(for: result) }
      fromValues += renderer.lines(for: reply.displays).map { RenderedLine(.plain, $0) }
      #expect(reply.events().flatMap(renderer.typedLines(for:)) == fromValues, "\(command)")
    }
  }

  @Test func theSessionDrivenAnswersWithTheTypedEventsOfManyCommands() async throws {
    let answers = try await jsonDrive()
    let names = Set(answers.joined().map(\.payload.name))
    let expected: Set = [
      "reduced", "value", "logEntries", "diff", "matches", "breakpointAdded", "breakpoints", "stopped", "backtrace",
      "stepped", "jobs", "stateReplaced", "features", "settings", "help", "expectation", "error", "toggled", "displays",
      "forked", "waited", "completed",
    ]
    #expect(expected.subtracting(names).isEmpty, "missing: \(expected.subtracting(names).sorted())")
    // The two errors: one found reading the line, one running it, each at its column.
    let errors = answers.joined().compactMap { event -> ProtocolEvent.ErrorMessage? in
      if case .error(let error) = event.payload { error } else { nil }
    }
    #expect(errors.map(\.column) == [1, 7])
  }
}
