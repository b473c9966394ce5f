import SluiceShell
import Testing

/// Output written while a line is being typed appears above it, and the line survives.
extension TerminalTests {
  @Suite struct BackgroundOutputTests {
    @Test func outputWhileTypingIsShownAboveTheLineAndTheLineSurvives() async throws {
      let fixture = try EditorFixture()
      defer { fixture.close() }
      let read = try await fixture.startReading()
      fixture.terminal.send("send .queryChanged(\"ad")
      try await fixture.terminal.waitForCursorLine("(test) send .queryChanged(\"ad")

      fixture.output.write("[3] .search  (debounce fired)\n")
      try await fixture.terminal.waitForScreen {
        $0.lines.suffix(2) == ["[3] .search  (debounce fired)", "(test) send .queryChanged(\"ad"]
      }
      fixture.terminal.send("a\")\r")
      #expect(await read.value == .line("send .queryChanged(\"ada\")"))
    }

    @Test func theCursorStaysWhereItWas() async throws {
      let fixture = try EditorFixture()
      defer { fixture.close() }
      let read = try await fixture.startReading()
      fixture.terminal.send("abcdef\u{02}\u{02}\u{02}")  // Ctrl-B three times: after "abc".
      try await fixture.terminal.waitForScreen { $0.cursorLine == "(test) abcdef" && $0.cursorColumn == 10 }

      fixture.output.write("first\nsecond")  // No final line break: the editor adds one.
      try await fixture.terminal.waitForScreen { $0.lines.suffix(3) == ["first", "second", "(test) abcdef"] }
      fixture.terminal.send("X\r")
      #expect(await read.value == .line("abcXdef"))
    }

    @Test func manyWritesInARowAllArrive() async throws {
      let fixture = try EditorFixture()
      defer { fixture.close() }
      let read = try await fixture.startReading()
      fixture.terminal.send("next")
      try await fixture.terminal.waitForCursorLine("(test) next")
      for index in 1...50 { fixture.output.write("event \(index)\n") }
      try await fixture.terminal.waitForScreen { $0.lines.suffix(2) == ["event 50", "(test) next"] }
      let lines = fixture.terminal.screen.lines
      #expect(lines.filter { $0.hasPrefix("event ") }.count == 50)
      #expect(!lines.dropLast().contains { $0.contains("(test)") && $0.contains("event") })
      fixture.terminal.send("\r")
      #expect(await read.value == .line("next"))
    }

    @Test func outputBetweenReadsIsWrittenDirectly() async throws {
      let fixture = try EditorFixture()
      defer { fixture.close() }
      let read = try await fixture.startReading()
      fixture.terminal.send("state\r")
      #expect(await read.value == .line("state"))
      fixture.output.write("count: 1\n")
      let next = try await fixture.startReading()
      try await fixture.terminal.waitForScreen { $0.lines.suffix(3) == ["(test) state", "count: 1", "(test)"] }
      fixture.terminal.send("\u{04}")
      #expect(await next.value == .endOfInput)
    }

    @Test func thePromptCanChangeWhileTyping() async throws {
      let fixture = try EditorFixture()
      defer { fixture.close() }
      let read = try await fixture.startReading(prompt: "(sluice search ▶) ")
      fixture.terminal.send("state")
      try await fixture.terminal.waitForCursorLine("(sluice search ▶) state")
      fixture.reader.updatePrompt(Prompt("(sluice search) "))
      try await fixture.terminal.waitForCursorLine("(sluice search) state")
      fixture.terminal.send("\r")
      #expect(await read.value == .line("state"))
    }

    /// The shell asks for a new prompt whenever the store changes, and a job may end after
    /// the shell chose the prompt for its next read but before libedit's thread began that
    /// read. The newer prompt must win: the `▶` must not stay up with nothing running.
    @Test func aPromptAskedForBeforeTheReadBeginsIsTheOneShown() async throws {
      let fixture = try EditorFixture()
      defer { fixture.close() }
      fixture.reader.updatePrompt(Prompt("(sluice checkout) "))
      let read = try await fixture.startReading(prompt: "(sluice checkout ▶) ", waitingFor: "(sluice checkout)")
      fixture.terminal.send("state")
      try await fixture.terminal.waitForCursorLine("(sluice checkout) state")
      fixture.terminal.send("\r")
      #expect(await read.value == .line("state"))
    }
  }
}
