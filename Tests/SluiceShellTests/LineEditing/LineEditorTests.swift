import SluiceShell
import Testing

/// The libedit reader, in this process, on a real pseudo-terminal.
extension TerminalTests {
  @Suite struct LineEditorTests {
    @Test func readsATypedLine() async throws {
      let fixture = try EditorFixture()
      defer { fixture.close() }
      let read = try await fixture.startReading()
      fixture.terminal.send("send .increment\r")
      #expect(await read.value == .line("send .increment"))
      try await fixture.terminal.waitForScreen { $0.lines.last == "(test) send .increment" }
    }

    @Test func editsWithEmacsKeys() async throws {
      let fixture = try EditorFixture()
      defer { fixture.close() }
      let read = try await fixture.startReading()
      // Type, go to the start (Ctrl-A), insert, go to the end (Ctrl-E), delete a character.
      fixture.terminal.send("increment")
      try await fixture.terminal.waitForCursorLine("(test) increment")
      fixture.terminal.send("\u{01}send .\u{05}X\u{7F}\r")
      #expect(await read.value == .line("send .increment"))
    }

    @Test func readsNonASCIIText() async throws {
      let fixture = try EditorFixture()
      defer { fixture.close() }
      let read = try await fixture.startReading()
      fixture.terminal.send("send .add(title: \"Crème brûlée ☕\")\r")
      #expect(await read.value == .line("send .add(title: \"Crème brûlée ☕\")"))
      try await fixture.terminal.waitForScreen { $0.lines.last == "(test) send .add(title: \"Crème brûlée ☕\")" }
    }

    @Test func controlCClearsTheLine() async throws {
      let fixture = try EditorFixture()
      defer { fixture.close() }
      let first = try await fixture.startReading()
      fixture.terminal.send("send .incr")
      try await fixture.terminal.waitForCursorLine("(test) send .incr")
      fixture.terminal.send("\u{03}")
      #expect(await first.value == .interrupted(discarded: "send .incr"))
      try await fixture.terminal.waitForScreen { $0.lines.last == "(test) send .incr^C" }

      let second = try await fixture.startReading()
      fixture.terminal.send("state\r")
      #expect(await second.value == .line("state"))
    }

    @Test func controlDOnAnEmptyLineEndsInput() async throws {
      let fixture = try EditorFixture()
      defer { fixture.close() }
      let read = try await fixture.startReading()
      fixture.terminal.send("\u{04}")
      #expect(await read.value == .endOfInput)
    }

    @Test func controlDInsideALineDeletesACharacter() async throws {
      let fixture = try EditorFixture()
      defer { fixture.close() }
      let read = try await fixture.startReading()
      fixture.terminal.send("stepx\u{02}\u{04}\r")  // Ctrl-B back over the x, Ctrl-D deletes it.
      #expect(await read.value == .line("step"))
    }
  }
}
