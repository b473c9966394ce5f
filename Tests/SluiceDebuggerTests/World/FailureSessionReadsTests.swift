import Foundation
import Sluice
import SluiceDebugger
import SluiceDebuggerTesting
import SluiceTesting
import Testing

/// The session a failing test store of a registered feature writes opens in the debugger
/// as the test ran: with the ids, dates and random numbers its reducer read.
@MainActor
@Suite struct FailureSessionReadsTests {
  @Test func aFailingTestsSessionLoadsWithWhatItsReducerRead() async throws {
    let folder = try TemporaryFolder()
    let id = UUID(uuidString: "00000000-0000-0000-0000-000000000000")!
    let start = Date(timeIntervalSinceReferenceDate: 0)
    try await FailureSessions.$scopedFolder.withValue(folder.url.path) {
      let store: TestStore<OrderDesk.State, OrderDesk.Action> = try TestStore(
        feature: "order-desk", in: OrderDesk.registry, timeout: hangGuard)
      await store.send(.place("apple")) {
        $0.orders = [OrderDesk.Order(id: id, item: "apple", placedAt: start, priority: 5, inStock: 7)]
      }
      await store.advance(by: .seconds(1))
      await store.receive(.confirmed(id)) { $0.orders[0].confirmedAt = start.addingTimeInterval(1) }
      await withKnownIssue {
        await store.send(.place("pear")) { $0.orders = [] }
      }
      await store.skipInFlightEffects()
    }
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
    let file = folder.url.appendingPathComponent(try #require(files.first)).path
    // As the failure's command opens it: on the real clock, where nothing read is the test's.
    let session = try Debugger(registry: OrderDesk.registry, options: .forTests(usesVirtualClock: false))
      .use("order-desk")
    let report = try session.files.load(from: file)
    #expect(report.divergence == nil)
    #expect(session.inspection.history(last: nil).map(\.reads.count) == [3, 1, 3])
    #expect(session.inspection.rendered("orders[1].id").contains("00000000-0000-0000-0000-000000000001"))
  }
}
