import Foundation
import SluiceShell
import Testing

/// History is kept in a file and comes back in the next run.
extension TerminalTests {
  @Suite struct HistoryTests {
    @Test func historySurvivesARestart() async throws {
      let folder = EditorFixture.temporaryFolder()
      let file = folder + "/state/sluice/history"
      do {
        let fixture = try EditorFixture(historyFile: file)
        defer { fixture.close() }
        for command in ["use counter", "send .increment", "print count"] {
          let read = try await fixture.startReading()
          fixture.terminal.send(command + "\r")
          guard case .line(let line) = await read.value else { throw PseudoTerminal.Failure(description: "no line") }
          await fixture.reader.addToHistory(line)
        }
      }
      #expect(FileManager.default.fileExists(atPath: file))

      let restarted = try EditorFixture(historyFile: file)
      defer { restarted.close() }
      let read = try await restarted.startReading()
      restarted.terminal.send("\u{1B}[A")  // Up: the last command.
      try await restarted.terminal.waitForCursorLine("(test) print count")
      restarted.terminal.send("\u{1B}[A\u{1B}[A")  // Two more: the first.
      try await restarted.terminal.waitForCursorLine("(test) use counter")
      restarted.terminal.send("\r")
      #expect(await read.value == .line("use counter"))
    }

    @Test func historyIsBounded() async throws {
      let folder = EditorFixture.temporaryFolder()
      let file = folder + "/history"
      let fixture = try EditorFixture(historyFile: file)  // The fixture keeps 50 entries.
      defer { fixture.close() }
      for index in 1...60 { await fixture.reader.addToHistory("print \(index)") }
      let saved = try String(contentsOfFile: file, encoding: .utf8)
      let entries = saved.split(separator: "\n").filter { $0.hasPrefix("print") }
      #expect(entries.count == 50)
      #expect(entries.first == "print\\04011")
      #expect(entries.last == "print\\04060")
    }

    @Test func theLocationFollowsXDGStateHome() {
      #expect(HistoryLocation.file(in: ["XDG_STATE_HOME": "/tmp/state", "HOME": "/home/ada"]) == "/tmp/state/sluice/history")
      #expect(HistoryLocation.file(in: ["HOME": "/home/ada"]) == "/home/ada/.local/state/sluice/history")
      #expect(HistoryLocation.file(in: ["XDG_STATE_HOME": "relative", "HOME": "/home/ada/"]) == "/home/ada/.local/state/sluice/history")
      #expect(HistoryLocation.file(in: ["XDG_STATE_HOME": ""]) == nil)
    }
  }
}
