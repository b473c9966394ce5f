import ExampleFeatures
import Foundation
import Sluice
import SluiceDebugger
import Testing

/// An action carrying an `AsyncOutcome` (the example `Profile`'s `loaded` and `saved`) is
/// saved in a session file and loaded back as it was: a success sent by a job and a failure
/// typed by hand, replayed to the same state.
@MainActor
@Suite struct AsyncOutcomeSessionTests {
  @Test func actionsCarryingOutcomesRoundTripThroughASessionFile() async throws {
    let session = try makeDebugger().use("profile")
    session.running.type(".appeared")
    // The load sleeps its 300 ms on the session's virtual clock.
    let loading = await session.running.wait(timeout: hangGuard)
    guard case .waitingForTime = loading else {
      Issue.record("the load is not waiting for time: \(loading)")
      return
    }
    _ = try await session.running.advance(by: .milliseconds(300))
    #expect(await session.running.wait(timeout: hangGuard) == .idle)
    session.running.type(#".saved(.failure(AsyncFailure(message: "Offline", category: .network)))"#)
    let actions = session.inspection.history(last: nil).map(\.action)
    #expect(actions.contains(#".loaded(.success("Ada Lovelace"))"#))
    #expect(session.inspection.rendered("draftName") == #""Ada Lovelace""#)
    #expect(session.inspection.rendered("operations.failures").contains("Offline"))

    let folder = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("profile.sluice-session").path
    try session.files.save(to: file)
    let reloaded = try makeDebugger().use("profile")
    let report = try reloaded.files.load(from: file)

    #expect(report.divergence == nil)
    #expect(reloaded.inspection.history(last: nil).map(\.action) == actions)
    #expect(reloaded.inspection.rendered("") == session.inspection.rendered(""))
  }
}
