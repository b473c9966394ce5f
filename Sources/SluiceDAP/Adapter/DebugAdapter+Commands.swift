import SluiceDebugger
import SluiceReporting

extension DebugAdapter {
  /// Runs `text`, a command line, on the session; fails with the command's error.
  func run(_ text: String) async throws(AdapterError) -> CommandReply {
    let reply = try await session().run(text)
    if let failure = reply.failure { throw AdapterError(failure.message) }
    return reply
  }

  /// Runs the command `words` make, each one word of it (a value from the editor can never
  /// become two words or a comment); fails with the command's error.
  func run(_ words: [String]) async throws(AdapterError) -> CommandReply {
    guard !words.isEmpty else { throw AdapterError("no command") }
    return try await run(try RequestWords.line(words))
  }

  /// The typed result of the command `words` make.
  func result(_ words: [String]) async throws(AdapterError) -> CommandResult? {
    try await run(words).result
  }

  /// A reply's events as the editor's console shows them: `output` events, one per event,
  /// a cycle warning `important`.
  func output(of reply: CommandReply) -> [Outgoing] {
    let renderer = TextRenderer()
    return reply.events().compactMap { event -> Outgoing? in
      if case .completed = event.payload { return nil }
      let lines = renderer.typedLines(for: event).map(\.text)
      guard !lines.isEmpty else { return nil }
      let category = event.isCycleWarning ? "important" : "console"
      return .event("output", .object([("category", .string(category)), ("output", .string(lines.joined(separator: "\n") + "\n"))]))
    }
  }
}

extension ProtocolEvent {
  /// Whether it warns of a cycle, which an editor shows prominently.
  fileprivate var isCycleWarning: Bool {
    switch payload {
    case .cycle, .cycleRepeated: true
    default: false
    }
  }
}
