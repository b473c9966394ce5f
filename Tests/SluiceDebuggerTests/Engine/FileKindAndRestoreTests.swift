import Foundation
import SluiceDebugger
import SluiceReporting
import Testing

/// Files say what they are, and a loaded session looks as it did when saved. Observed on
/// 5c7706d: `source SESSION` answered "expected AppFeature.Action, found dictionary", the
/// log lost its "changed:" summaries after `load`, the virtual clock went back to 0s, and
/// `set diff off` did not quiet `jump`.
@MainActor
@Suite struct FileKindAndRestoreTests {
  @Test func loadBringsBackTheClockAndTheSummaries() async throws {
    let folder = try TemporaryFolder()
    let path = folder.url.appendingPathComponent("search.sluice-session").path
    let saved = try makeDebugger(diff: .summary).use("search")
    saved.running.type(#".queryChanged("ad")"#)
    _ = try await saved.running.advance(by: .seconds(1))
    let summaries = saved.inspection.history(last: 10).map(\.changedPaths)
    try saved.files.save(to: path)

    let loaded = try makeDebugger(diff: .summary).use("search")
    _ = try loaded.files.load(from: path)

    #expect(loaded.inspection.elapsedTime == saved.inspection.elapsedTime)
    #expect(loaded.inspection.history(last: 10).map(\.changedPaths) == summaries)
    #expect(summaries.allSatisfy { $0 != nil })
  }

  @Test func sourceOfASessionFileAndLoadOfAScriptSayWhatTheFileIs() async throws {
    let folder = try TemporaryFolder()
    let sessionPath = folder.url.appendingPathComponent("counter.sluice-session").path
    let session = try makeDebugger().use("counter")
    session.running.type(".increment")
    try session.files.save(to: sessionPath)
    let scriptPath = try folder.write("smoke.sluice", ".increment\nexpect count == 1\n")

    do {
      _ = try session.files.load(from: scriptPath)
      Issue.record("loading a script should fail")
    } catch {
      #expect(error.message.contains("is not a session file"))
      #expect(error.message.contains("source \(scriptPath)"))
    }
    do {
      _ = try ScriptSource(contentsOf: sessionPath)
      Issue.record("sourcing a session file should fail")
    } catch {
      #expect(error.message.contains("is a session file, not a script"))
      #expect(error.message.contains("load \(sessionPath)"))
    }
  }

  @Test func diffOffQuietsTimeTravelToo() throws {
    let session = try makeDebugger(diff: .off).use("counter")
    session.running.type(".increment")
    _ = session.inspection.takeEvents()

    try session.timeTravel.jump(to: 0)
    _ = try session.timeTravel.toggle(1)

    let diffs = session.inspection.takeEvents().compactMap { if case .stateReplaced(_, let diff) = $0 { diff } else { nil } }
    #expect(diffs.isEmpty)
  }

  @Test func aScriptHeaderDeclaresWhatTheScriptNeeds() {
    let text = """
      #!/usr/bin/env sluice run
      # A smoke test.
      # sluice: --virtual-clock
      # sluice: --feature todos --cycle-policy warn

      .load
      # sluice: --not-read-after-a-command
      """
    #expect(ScriptHeader.arguments(in: text) == ["--virtual-clock", "--feature", "todos", "--cycle-policy", "warn"])
  }
}
