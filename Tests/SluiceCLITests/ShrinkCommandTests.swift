import Foundation
import Testing

/// `sluice shrink SESSION_FILE --until CONDITION`: a saved session shrunk to the fewest actions
/// that still fail, saved as a session and written as a test.
@Suite struct ShrinkCommandTests {
  @Test func aSavedSessionIsShrunkSavedAndExportedAsAFailingTest() async throws {
    let folder = try ScriptFolder()
    let session = folder.url.appendingPathComponent("search.sluice-session").path
    let saved = try await SluiceProcess.run(
      ["run", "--virtual-clock", "-"],
      input: """
        use search
        .queryChanged("x")
        advance 1s
        .queryChanged("ada")
        advance 1s
        .queryChanged("b")
        .queryChanged("ada")
        advance 2s
        save \(session)
        """)
    #expect(saved.status == 0, "\(saved.standardError)")

    let shrunk = folder.url.appendingPathComponent("shrunk.sluice-session").path
    let test = folder.url.appendingPathComponent("ShrunkSearchTests.swift").path
    let result = try await SluiceProcess.run(
      ["shrink", session, "--until", #"results == .loaded(["Ada Lovelace"])"#, "-o", shrunk, "--export-test", test])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.contains("shrunk 4 root actions to 1 action"), "\(result.standardOutput)")
    #expect(result.standardOutput.contains(#"#1 .queryChanged("ada")  ← script  (was #4)"#), "\(result.standardOutput)")
    #expect(result.standardError.contains("saved the shrunk session to \(shrunk)"), "\(result.standardError)")
    let source = try String(contentsOfFile: test, encoding: .utf8)
    #expect(source.contains(#"#expect(try !store.stateSatisfies("results == .loaded([\"Ada Lovelace\"])"))"#), "\(source)")

    // The shrunk session loads as any session does, with the kept action and what followed.
    let loaded = try await SluiceProcess.run(["run", "--virtual-clock", "-"], input: "use search\nload \(shrunk)\nlog\n")
    #expect(loaded.status == 0, "\(loaded.standardError)")
    #expect(loaded.standardOutput.contains(#"#3 .searchResponse(["Ada Lovelace"])"#), "\(loaded.standardOutput)")
  }

  @Test func aConditionTheSessionDoesNotReachIsAnErrorAndWritesNothing() async throws {
    let folder = try ScriptFolder()
    let session = folder.url.appendingPathComponent("counter.sluice-session").path
    let saved = try await SluiceProcess.run(
      ["run", "--virtual-clock", "-"], input: "use counter\n.increment\nsave \(session)\n")
    #expect(saved.status == 0, "\(saved.standardError)")
    let shrunk = folder.url.appendingPathComponent("shrunk.sluice-session").path
    let result = try await SluiceProcess.run(["shrink", session, "--until", "count > 5", "-o", shrunk])
    #expect(result.status == 2)
    #expect(result.standardError.contains("error: count > 5 does not hold in the last state"), "\(result.standardError)")
    #expect(!FileManager.default.fileExists(atPath: shrunk))
    let noFailure = try await SluiceProcess.run(["shrink", session])
    #expect(noFailure.status == 2)
    #expect(noFailure.standardError.contains("shrink needs a failure to keep"), "\(noFailure.standardError)")
  }
}
