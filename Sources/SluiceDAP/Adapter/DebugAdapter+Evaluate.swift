import SluiceDebugger
import SluiceReporting

extension DebugAdapter {
  /// `evaluate`: in the debug console (`repl`), any command the shell takes, answered as
  /// its text (an action, `log`, `bt`, `diff`, `advance 1s`); a value it prints can be
  /// expanded. For a watch or a hover, `expression` is a state path, printed as it was at
  /// the frame's entry.
  func evaluate(_ arguments: Arguments) async throws(AdapterError) -> Reply {
    guard let expression = try arguments.string("expression") else { throw AdapterError("`expression` is missing") }
    let context = try arguments.string("context") ?? "repl"
    if context == "repl" {
      guard !expression.contains(where: \.isNewline) else { throw AdapterError("the console takes one command at a time") }
      let reply = try await run(expression)
      var text = reply.events().filter { if case .completed = $0.payload { false } else { true } }
        .flatMap { TextRenderer().typedLines(for: $0).map(\.text) }.joined(separator: "\n")
      if text.isEmpty { text = "done" }
      var reference = 0
      if case .value(let path, let tree)? = reply.result, tree.hasChildren {
        reference = references.add(.tree(tree, path: path ?? ""))
      }
      var events: [Outgoing] = []
      // A command that moved the store (an action, a jump) leaves the editor's view stale.
      if moved(reply) { events.append(stopped(after: reply, otherwise: "step")) }
      return Reply(body: .object([("result", .string(text)), ("variablesReference", .integer(reference))]), events: events)
    }
    var words = ["print", expression]
    if let frameID = try arguments.integer("frameId"), let index = try references.frame(frameID).index {
      words += ["at", String(index)]
    }
    guard case .value(let path, let tree)? = try await result(words) else { throw AdapterError("no value at \(expression)") }
    let variable = VariableReferences.Variable.of(tree, name: expression, path: path ?? "")
    var members: [(String, JSONValue)] = [("result", .string(tree.compactDescription))]
    if client.supportsVariableType, let type = variable.type { members.append(("type", .string(type))) }
    members.append(("variablesReference", .integer(variable.children.map { references.add($0) } ?? 0)))
    return Reply(body: .object(members))
  }

  /// Whether a command changed what the editor shows: an entry was added, or the position
  /// moved.
  private func moved(_ reply: CommandReply) -> Bool {
    switch reply.command {
    case .send?, .jump?, .reverseStep?, .reverseNext?, .step?, .next?, .continue?, .toggle?, .reset?, .setVariable?,
      .advance?, .wait?, .load?:
      true
    default:
      reply.sessionEvents.contains { if case .reduced = $0 { true } else { false } }
    }
  }

  /// `completions`: what Tab offers in the shell for the text before the cursor.
  func completions(_ arguments: Arguments) throws(AdapterError) -> Reply {
    guard let text = try arguments.string("text") else { throw AdapterError("`text` is missing") }
    let column = try arguments.requiredInteger("column")
    // Columns count UTF-16 code units, from 1 unless the editor said otherwise.
    let offset = min(max(column - (client.linesStartAt1 ? 1 : 0), 0), text.utf16.count)
    let cursor = String.Index(utf16Offset: offset, in: text)
    let completions = CommandCompletion(interpreter: try session().interpreter)
      .completions(forTextBeforeCursor: String(text[..<cursor]))
    let targets: [JSONValue] = completions.candidates.map { candidate in
      .object([
        ("label", .string(candidate.display)), ("text", .string(candidate.text)),
        ("start", .integer(offset - completions.stem.utf16.count)), ("length", .integer(completions.stem.utf16.count)),
      ])
    }
    return Reply(body: .object([("targets", .array(targets))]))
  }

  /// `setVariable`: `set var PATH = VALUE`, recorded in the history as an edit entry; the
  /// editor is told its views are stale (`invalidated`, when it takes it).
  func setVariable(_ arguments: Arguments) async throws(AdapterError) -> Reply {
    let container = try references.container(try arguments.requiredInteger("variablesReference"))
    guard let name = try arguments.string("name"), let value = try arguments.string("value") else {
      throw AdapterError("`name` and `value` are needed")
    }
    guard case .tree(let tree, let path) = container,
      let child = tree.children(at: path).first(where: { $0.name == name })
    else { throw AdapterError("\(name) is not a value of the state that can be set") }
    guard !value.contains(where: \.isNewline) else { throw AdapterError("a value is one line") }
    let reply = try await run(try RequestWords.line(["set", "var", child.path, "="]) + " " + value)
    guard case .value(_, let after)? = try await result(["print", child.path]) else {
      throw AdapterError("\(child.path) has no value after the edit")
    }
    var events = output(of: reply)
    if client.supportsInvalidatedEvent {
      events.append(.event("invalidated", .object([("areas", .array([.string("variables"), .string("stacks")]))])))
    }
    events.append(stopped(reason: "step", description: "set \(child.path)"))
    return Reply(body: .object([("value", .string(after.compactDescription))]), events: events)
  }
}
