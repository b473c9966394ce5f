import Foundation
import Testing

/// `quit` and Ctrl-D warn whenever the session differs from what was last saved, not only
/// when actions were added past the last one saved (observed on 5c7706d: a fork after a
/// jump, or a toggle, was lost silently).
@MainActor
@Suite struct QuitWarningTests {
  private func sessionFile() -> String {
    NSTemporaryDirectory() + "sluice-quit-\(UUID().uuidString).sluice-session"
  }

  @Test(arguments: [["jump 1", ".decrement"], ["toggle 1"], ["jump 1"]])
  func quitWarnsAfterTimeTravelSinceTheSave(change: [String]) async {
    let file = sessionFile()
    defer { try? FileManager.default.removeItem(atPath: file) }
    let run = await ShellFixture.run(
      ["use counter", ".increment", ".increment", "save \(file)"] + change + ["quit", "print count"])

    // Once at `quit`, which kept the shell running, and again at the end of input after
    // the command that followed.
    #expect(run.lines.filter { $0.hasPrefix("not saved: counter") }.count == 2)
  }

  @Test func quitLeavesAtOnceWhenNothingChangedSinceTheSave() async {
    let file = sessionFile()
    defer { try? FileManager.default.removeItem(atPath: file) }
    let run = await ShellFixture.run(["use counter", ".increment", "save \(file)", "print count", "quit"])

    #expect(!run.lines.contains { $0.hasPrefix("not saved") })
  }

  @Test func endOfInputWarnsOnceAndThenLeaves() async {
    let run = await ShellFixture.run(["use counter", ".increment"])

    #expect(run.lines.filter { $0.hasPrefix("not saved: counter (1 action)") }.count == 1)
    #expect(run.status == 0)
  }
}
