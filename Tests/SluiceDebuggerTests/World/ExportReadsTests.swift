import SluiceDebuggerTesting
import Foundation
import SluiceDebugger
import SluiceScriptOptions
import Testing

/// An exported test carries the values its entries read when a test would not read them on
/// its own (a session on the real clock, or recorded elsewhere), written as Swift.
@MainActor
@Suite struct ExportReadsTests {
  private func export(_ lines: String, virtualClock: Bool) async throws -> (source: String, output: [String]) {
    let folder = try TemporaryFolder()
    let path = folder.url.appendingPathComponent("ExportedTests.swift").path
    let harness = ScriptRunnerHarness(virtualClock: virtualClock, cycleOverrides: CycleOverrides(policy: .break))
    let status = await harness.run(lines + "\nexport test \(path)\n")
    #expect(status == .success, "\(harness.output.text)")
    return (try String(contentsOfFile: path, encoding: .utf8), harness.output.standardOutput)
  }

  /// On the real clock the journal's dates are today's: the test is given them.
  @Test func anEntryOnTheRealClockIsSentWithWhatItRead() async throws {
    let (source, _) = try await export("use journal\n.write(\"Rain\")", virtualClock: false)
    #expect(source.contains("await store.send(\n      .write(\"Rain\"),\n      reading: [\n"))
    #expect(source.contains(".uuid(UUID(uuidString: \"00000000-0000-0000-0000-000000000000\")!)"))
    #expect(source.contains(".date(Date(timeIntervalSinceReferenceDate: "))
    #expect(source.contains(".random("))
  }

  /// A virtual-clock session reads what a test store of the feature reads: nothing is fed.
  @Test func aVirtualClockSessionNeedsNoReads() async throws {
    let (source, _) = try await export("use journal\n.write(\"Rain\")\n.save\nadvance 1s", virtualClock: true)
    #expect(!source.contains("reading:"))
  }

  /// `.saved`, sent by the save's job, reads the date: `receive` cannot be fed, and the test
  /// and the screen say so.
  @Test func aReceivedEntryWhoseReadsDifferIsSaidInTheFileAndOnScreen() async throws {
    let (source, output) = try await export("use journal\n.save\nwait", virtualClock: false)
    let notes = output.filter { $0.hasPrefix("note: ") && $0.contains("#2") }
    #expect(notes.count == 1)
    #expect(notes.first?.contains("reads them live") == true)
    for note in notes { #expect(source.contains("// " + note.dropFirst("note: ".count))) }
  }
}
