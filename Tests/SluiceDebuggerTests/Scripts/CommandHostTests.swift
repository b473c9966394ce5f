import SluiceDebugger
import SluiceReporting
import Testing

/// What every command loop's host does itself, in one place: which commands an empty line
/// repeats, `ui` without a page server, and the order breakpoints' command lists run in.
@MainActor
@Suite struct CommandHostTests {
  @Test func anEmptyLineRepeatsOnlyTheSteps() throws {
    let parser = CommandParser()
    let host = CommandHost()
    #expect(host.commandForEmptyLine == nil)
    for text in ["step", "next", "reverse-step", "reverse-next"] {
      host.noteRan(text, as: try parser.parse(text))
      #expect(host.commandForEmptyLine == text, "\(text)")
    }
    // Anything that could do harm twice, or that failed to read, clears it.
    for text in [".increment", "continue", "jump 1", "reset"] {
      host.noteRan("step", as: .step)
      host.noteRan(text, as: try parser.parse(text))
      #expect(host.commandForEmptyLine == nil, "\(text)")
    }
    host.noteRan("step", as: .step)
    host.noteRan("stpe", as: nil)
    #expect(host.commandForEmptyLine == nil)
  }

  @Test func uiWithoutAPageServerSaysWhereItWorks() async throws {
    let refused = await CommandHost().openPage(allowingFiles: false)
    #expect(throws: DebugError.self) { try refused.get() }
    let host = CommandHost(pageOpener: PageOpener { files in .success("http://127.0.0.1:1/?files=\(files)") })
    #expect(try await host.openPage(allowingFiles: true).get() == "the session's timeline: http://127.0.0.1:1/?files=true")
  }

  @Test func stopCommandListsRunInTurnAndEndAtAResume() async {
    let host = CommandHost()
    var stopped = [[StopCommands(id: 1, lines: ["print count", "continue", "print never"])]]
    host.hold([StopCommands(id: 9, lines: ["info jobs"])])
    var ran: [String] = []
    await host.runStopCommands(
      taking: { stopped.isEmpty ? [] : stopped.removeFirst() }, parser: CommandParser(), isStopped: { false }
    ) { line, offset, list in
      ran.append("\(list.id):\(offset) \(line)")
      // The `continue` stops at another breakpoint with a list of its own.
      if line == "continue" { stopped.append([StopCommands(id: 2, lines: ["print step"])]) }
    }
    #expect(ran == ["9:0 info jobs", "1:0 print count", "1:1 continue", "2:0 print step"])
    #expect(!host.isRunningStopCommands)
  }
}
