import Foundation
import SluiceShell
import Testing

/// On a terminal, as through a pipe: an init file goes on after a bad line, reporting it at
/// its place, where a `-x` script stops at its first error.
@MainActor
@Suite struct InitFileTests {
  private func writeScript() throws -> String {
    let path = NSTemporaryDirectory() + "sluice-init-" + UUID().uuidString + ".sluice"
    try ".setStep(2)\nfrobnicate\n.setStep(5)\n".write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  @Test func anInitFileReportsABadLineAndRunsTheRest() async throws {
    let path = try writeScript()
    defer { try? FileManager.default.removeItem(atPath: path) }

    let run = await ShellFixture.run([".increment", "print count"], startup: [.initFile(path)])

    #expect(run.status == 0)
    #expect(run.output.contains("\(path):2:1: error: unknown command 'frobnicate'"), "\(run.output)")
    #expect(run.lines.contains("count = 5"), "\(run.output)")
  }

  @Test func aSourcedScriptStillStopsAtItsFirstError() async throws {
    let path = try writeScript()
    defer { try? FileManager.default.removeItem(atPath: path) }

    let run = await ShellFixture.run([".increment", "print count"], startup: [.file(path)])

    #expect(run.output.contains("\(path):2:1: error: unknown command 'frobnicate'"), "\(run.output)")
    #expect(run.lines.contains("count = 2"), "\(run.output)")
  }

  /// Issue 27: `-ex` lines ran without a word, where `-x` and init-file lines are echoed.
  @Test func aCommandFromTheCommandLineIsEchoedLikeAScriptsLines() async throws {
    let run = await ShellFixture.run(["print count"], startup: [.command(".setStep(4)")])
    #expect(run.lines.contains("> .setStep(4)"), "\(run.output)")
    #expect(run.lines.contains("count = 0"), "\(run.output)")
  }
}
