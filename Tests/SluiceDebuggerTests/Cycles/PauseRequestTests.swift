import Dispatch
import Foundation
import Sluice
import SluiceDebugger
import Testing

/// A pause request raised from another thread reaches a store stuck in a synchronous loop
/// (two actions that `.send` each other): the loop never gives the main actor back, so only
/// a request the session checks between two actions can stop it.
@MainActor
@Suite struct PauseRequestTests {
  /// The loop's own fuse: far beyond any pause the request causes, it ends the loop rather
  /// than let a broken request hang the test (it decides no pass: reaching it fails).
  nonisolated static let fuse = 200_000

  enum Hop: String, Codable, Sendable, Equatable {
    case ping, pong
  }

  /// `echo` with a fuse, telling `started` when the loop has begun.
  private func echo(detectorOn: Bool, started: DispatchSemaphore) throws -> any DebugSession {
    let feature = Feature("fused-echo", summary: "Two actions that .send each other, up to a fuse", initialState: 0) { _ in
      Reduce<Int, Hop> { count, hop in
        count += 1
        if count == 1 { started.signal() }
        guard count < Self.fuse else { return .none }
        return .send(hop == .ping ? .pong : .ping)
      }
    }
    var options = SessionOptions.forTests(historyLimit: 1_000, diffDisplay: .off)
    options.cycleOverrides =
      detectorOn ? CycleOverrides(policy: .warn) : CycleOverrides(policy: .warn, limit: .some(nil), depth: .some(nil))
    return try Debugger(registry: FeatureRegistry([feature]), options: options).use("fused-echo")
  }

  @Test(arguments: [true, false])
  func aRequestFromAnotherThreadPausesASynchronousLoop(detectorOn: Bool) throws {
    let started = DispatchSemaphore(value: 0)
    let session = try echo(detectorOn: detectorOn, started: started)
    let request = try #require((session as? any InterruptibleSession)?.pauseRequest)
    // Raised from a thread of its own once the loop has begun.
    let raiser = Thread {
      started.wait()
      request.raise()
    }
    raiser.start()
    try session.running.send(".ping", origin: .user)
    #expect(session.inspection.status == .paused)
    let count = try #require(session.inspection.history(last: 1).first?.index)
    #expect(count < Self.fuse, "the loop ran to its fuse: the request never paused it")
    #expect(!request.isPending, "the pause answered the request")
  }
}
