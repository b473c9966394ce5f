import SluiceDebugger

/// The one way into a session for every client: a command's text in, as a request carries
/// it, and what it did out, as the typed events of the JSON protocol (``CommandReply``).
///
/// The interactive shell sends each line typed through it and renders the events it gets
/// back; the script runner runs each line of a script, and each JSON request
/// (`{"id": 7, "command": "print count"}`), through it and reports them. A client in
/// another process is answered with the same events, written as JSON. What only a host
/// does stays with it: reading a `commands` list's lines, running `source FILE`, asking
/// before `quit`, running breakpoints' command lists after a stop.
@MainActor
package final class CommandEndpoint {
  /// Executes the commands; its debugger holds the sessions.
  package let interpreter: CommandInterpreter

  /// Creates an endpoint onto `interpreter`'s sessions.
  package init(interpreter: CommandInterpreter) {
    self.interpreter = interpreter
  }

  /// Reads command text in the interpreter's command language.
  package var parser: CommandParser { CommandParser(table: interpreter.table) }

  /// What a command's text holds.
  package enum Text {
    /// A command to run, read once; a `commands` list whose lines and `end` follow it in the
    /// text, one per line, is one command.
    case command(ParsedCommand)
    /// A `commands` line alone: its lines, up to `end`, must be read before it runs.
    case openList(CommandBlock, opening: ParsedCommand)
  }

  /// Reads `text`: one command, which may span lines (an action's brackets), or a
  /// `commands` line followed by its list's lines and `end`.
  ///
  /// - Returns: `nil` for a blank line or a comment.
  /// - Throws: What is wrong and at which column; a list's line says which line.
  package func read(_ text: String) throws(CommandParseError) -> Text? {
    if let newline = Self.firstNewline(in: text), var opening = try? parser.read(String(text[..<newline])),
      var block = CommandBlock(opening: opening.command)
    {
      let lines = text[text.index(after: newline)...].split(separator: "\n", omittingEmptySubsequences: false)
      for (offset, line) in lines.enumerated() {
        let finished: Command?
        do {
          finished = try block.add(String(line), parser: parser)
        } catch {
          throw CommandParseError("line \(offset + 2) of the `commands` list: \(error.message)", column: error.column)
        }
        guard let finished else { continue }
        guard offset == lines.count - 1 else {
          throw CommandParseError("line \(offset + 3) follows the list's `end`: send it as a command of its own", column: 1)
        }
        opening.command = finished
        return .command(opening)
      }
      throw CommandParseError("the `commands` list has no `end`: its last line must say just `end`", column: 1)
    }
    guard let parsed = try parser.read(text) else { return nil }
    // Only `commands` opens a list: asked first, sparing every other command a copy.
    guard case .breakpointCommands = parsed.command, let block = CommandBlock(opening: parsed.command) else {
      return .command(parsed)
    }
    return .openList(block, opening: parsed)
  }

  /// Where the first line of `text` ends. Bytes, not characters: looking for a newline
  /// character by character cost more than the rest of reading a line; and in the string's
  /// own storage when it is contiguous, which a generic search over its UTF-8 view is not.
  private static func firstNewline(in text: String) -> String.Index? {
    let newline = UInt8(ascii: "\n")
    let offset = text.utf8.withContiguousStorageIfAvailable { $0.firstIndex(of: newline) }
    guard let offset else { return text.utf8.firstIndex(of: newline) }
    return offset.map { text.utf8.index(text.utf8.startIndex, offsetBy: $0) }
  }

  /// Reads `text` and runs it: what a client's request asks for.
  ///
  /// A `commands` line alone cannot run: the reply is an error saying that its lines and
  /// `end` belong in the same text.
  package func run(_ text: String) async -> CommandReply {
    let read: Text?
    do {
      read = try self.read(text)
    } catch {
      return CommandReply(text: text, failure: .init(message: error.message, column: error.column))
    }
    switch read {
    case nil:
      return CommandReply(text: text)
    case .openList(_, let opening):
      let message =
        "a `commands` list needs its lines and `end` in the same command, one per line, after `\(opening.echo)`"
      return CommandReply(text: text, failure: .init(message: message, column: opening.column))
    case .command(let parsed):
      return await run(parsed, text: text)
    }
  }

  /// Runs `parsed`, read from `text` (a host may have changed its command since, resolving a
  /// file name against its script's folder). Always inlined: a script's line runs it without
  /// an async call of its own, which cost a line about 1% of its instructions (benchmark 6).
  @inline(__always)
  package func run(_ parsed: consuming ParsedCommand, text: String) async -> CommandReply {
    let outcome = await interpreter.execute(parsed.command)
    // Asked without copying the outcome: every command's reply goes through here.
    guard case .success(.export(let export, let path)) = outcome.result else {
      return CommandReply(text: text, parsed: parsed, outcome: outcome)
    }
    let written = CommandOutcome(result: Self.write(export, to: path), events: outcome.events, displays: outcome.displays)
    return CommandReply(text: text, parsed: parsed, outcome: written)
  }

  /// Writes a session the engine described for a file (`export test`, `export trace`), in
  /// its format, and says what it wrote.
  package static func write(_ export: SessionExport, to path: String) -> Result<CommandResult, DebugError> {
    do {
      switch export {
      case .test(let description):
        let test = ExportedTest(description)
        try test.write(to: path)
        return .success(.message(test.summary(path: path)))
      case .trace(let description):
        let trace = ExportedTrace(description)
        try trace.write(to: path)
        return .success(.message([trace.summary(path: path)]))
      }
    } catch {
      return .failure(error)
    }
  }

  /// The events of a session that arrived between commands, as a client receives them:
  /// answering no request.
  package func events(_ events: [DebugEvent]) -> [ProtocolEvent] {
    let writer = JSONEventWriter()
    return events.map(writer.event(for:))
  }
}
