import ExampleRegistry
import Foundation
import SluiceDebugger
import Testing
import SluiceReporting

/// What a session file claims is checked against what a session can hold, and nothing is
/// made to the size a file says: a file cannot make `load` or `export-test` allocate at will.
/// A key the loader does not know is named, with the one it may have meant.
@MainActor
@Suite struct SessionFileClaimsTests {
  /// A pingpong session whose cycle the detector broke, saved to `pingpong.json` in `folder`.
  private func savedCycle(in folder: TemporaryFolder) async throws -> String {
    let path = folder.url.appendingPathComponent("pingpong.json").path
    let harness = ScriptRunnerHarness(cycleOverrides: CycleOverrides(policy: .break))
    _ = await harness.run("use pingpong\n.ping\nadvance 1s\nsave \(path)\n")
    #expect(FileManager.default.fileExists(atPath: path), "\(harness.output.text)")
    return path
  }

  private func claimingSeen(_ seen: Int) -> (inout [String: Any]) -> Void {
    { object in
      var warnings = object["cycleWarnings"] as? [[String: Any]] ?? []
      if !warnings.isEmpty { warnings[0]["seen"] = seen }
      object["cycleWarnings"] = warnings
    }
  }

  @Test func aCycleSeenMoreTimesThanAHistoryHoldsIsRefusedOnLoad() async throws {
    let folder = try TemporaryFolder()
    let path = try await savedCycle(in: folder)
    try rewriteSessionFile(path, claimingSeen(1 << 62))
    let session = try makeDebugger().use("pingpong")
    do {
      _ = try session.files.load(from: path)
      Issue.record("a cycle seen 2^62 times loaded")
    } catch {
      #expect(error.message.contains("\(path): cycle warning 1"), "\(error.message)")
      #expect(error.message.contains("seen"), "\(error.message)")
    }
  }

  /// A chain that leaves out more frames than a session has actions: the frames' numbers,
  /// counted past the elided ones, would overflow.
  @Test func aChainEliding2To63FramesIsRefusedOnLoad() async throws {
    let folder = try TemporaryFolder()
    let path = try await savedCycle(in: folder)
    try rewriteSessionFile(path) { object in
      var warnings = object["cycleWarnings"] as? [[String: Any]] ?? []
      if !warnings.isEmpty { warnings[0]["elided"] = Int.max }
      object["cycleWarnings"] = warnings
    }
    let session = try makeDebugger().use("pingpong")
    do {
      _ = try session.files.load(from: path)
      Issue.record("a chain eliding Int.max frames loaded")
    } catch {
      #expect(error.message.contains("\(path): cycle warning 1"), "\(error.message)")
      #expect(error.message.contains("leaves out \(Int.max) frames"), "\(error.message)")
    }
  }

  /// The most a file may claim still exports: the warnings are counted, never made one by one.
  @Test func anExportOfACycleSeenVeryOftenCountsItsWarnings() async throws {
    let folder = try TemporaryFolder()
    let path = try await savedCycle(in: folder)
    try rewriteSessionFile(path, claimingSeen(1 << 52))
    let debugger = Debugger(registry: exampleFeatures, options: .forTests(usesVirtualClock: true))
    let source = ExportedTest(try debugger.describeTest(fromSessionFile: path, name: "Often")).source
    #expect(source.contains("#expect(store.cycleWarnings.count == \(1 << 52))"), "\(source)")
  }

  @Test func aMisspelledKeyIsNamedWithTheKeyItMayHaveMeant() async throws {
    let folder = try TemporaryFolder()
    let path = try await savedCycle(in: folder)
    // A file `save` wrote has no key `load` does not know.
    let clean = ScriptRunnerHarness()
    _ = await clean.run("use pingpong\nload \(path)\n")
    #expect(!clean.output.text.contains("unknown key"), "\(clean.output.text)")
    try rewriteSessionFile(path) { object in
      object["pyition"] = 1
      var warnings = object["cycleWarnings"] as? [[String: Any]] ?? []
      if !warnings.isEmpty { warnings[0]["lastSen"] = 0 }
      object["cycleWarnings"] = warnings
    }
    let harness = ScriptRunnerHarness()
    let status = await harness.run("use pingpong\nload \(path)\n")
    #expect(status == .success, "\(harness.output.text)")
    let text = harness.output.text
    #expect(text.contains("\(path): unknown key 'pyition' at the top level (did you mean 'position'?)"), "\(text)")
    #expect(text.contains("\(path): unknown key 'lastSen' in cycle warning 1 (did you mean 'lastSeen'?)"), "\(text)")
  }
}
