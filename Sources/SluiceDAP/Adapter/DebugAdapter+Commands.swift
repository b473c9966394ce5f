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

  /// A reply's events as the editor's console shows them: `output` events, a cycle warning
  /// `important`, and each action a collapsed group, its headline shown and its diff inside.
  func output(of reply: CommandReply) -> [Outgoing] {
    output(of: reply.events())
  }

  /// `events` as the editor's console shows them (``output(of:)-(CommandReply)``).
  func output(of events: [ProtocolEvent]) -> [Outgoing] {
    let renderer = TextRenderer()
    func output(_ text: String, category: String = "console", group: String? = nil) -> Outgoing {
      var body: [(String, JSONValue)] = [("category", .string(category)), ("output", .string(text))]
      if let group { body.append(("group", .string(group))) }
      return .event("output", .object(body))
    }
    return events.flatMap { event -> [Outgoing] in
      if case .completed = event.payload { return [] }
      let lines = renderer.typedLines(for: event).map(\.text)
      guard let headline = lines.first else { return [] }
      if case .reduced = event.payload, lines.count > 1 {
        return [
          output(headline + "\n", group: "startCollapsed"), output(lines.dropFirst().joined(separator: "\n") + "\n"),
          output("", group: "end"),
        ]
      }
      return [output(lines.joined(separator: "\n") + "\n", category: event.isCycleWarning ? "important" : "console")]
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
