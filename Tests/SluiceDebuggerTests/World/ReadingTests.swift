import Foundation
import Sluice
import SluiceDebugger
import SluiceDebuggerTesting
import SluiceTesting
import Testing

/// Reads written in Swift (`.uuid(…)`, `.date(…)`, …) equal the ones the debugger records,
/// and a test store of a registered feature reduces an action on them.
@MainActor
@Suite struct ReadingTests {
  private static let id = UUID(uuidString: "3F2504E0-4F89-11D3-9A0C-0305E82C3301")!
  private static let placedAt = Date(timeIntervalSinceReferenceDate: 786_000_000.5)

  @Test func readsWrittenInSwiftEqualTheOnesTheDebuggerRecords() throws {
    let session = try Debugger(registry: OrderDesk.registry, options: .forTests(usesVirtualClock: true))
      .use("order-desk")
    session.running.type(#".place("apple")"#)
    let reads = try #require(session.inspection.history(last: nil).first?.reads)
    let mood = try #require(reads.first { $0.name == "random" }.flatMap { UInt64($0.json) })
    #expect(
      reads == [
        .random(mood), .uuid(UUID(uuidString: "00000000-0000-0000-0000-000000000000")!),
        .date(Date(timeIntervalSinceReferenceDate: 0)),
      ])
    #expect(RecordedRead.clockNow(.seconds(1)) == RecordedRead(name: "clock.now", json: "[0,1000000000000000000]"))
    #expect(RecordedRead.value("note", ["a": 1]) == RecordedRead(name: "note", json: #"{"a":1}"#))
  }

  @Test func aTestStoreOfTheFeatureReducesOnTheReadsItIsGiven() async throws {
    let store: TestStore<OrderDesk.State, OrderDesk.Action> = try TestStore(
      feature: "order-desk", in: OrderDesk.registry, timeout: hangGuard)
    await store.send(.place("apple"), reading: [.random(0), .uuid(Self.id), .date(Self.placedAt)]) {
      $0.orders = [OrderDesk.Order(id: Self.id, item: "apple", placedAt: Self.placedAt, priority: 3, inStock: 7)]
    }
    await store.skipInFlightEffects()
  }

  @Test func aPlainTestStoreSaysWhyItCannotBeFed() async {
    let store = TestStore(initialState: Stamps.State(), reducer: Stamps(), timeout: hangGuard)
    await withKnownIssue {
      await store.send(.count, reading: [.uuid(Self.id)]) { $0.count = 1 }
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("this one was made from a reducer") }
    }
  }

  @Test func valuesLeftUnreadAreReported() async throws {
    let store: TestStore<OrderDesk.State, OrderDesk.Action> = try TestStore(
      feature: "order-desk", in: OrderDesk.registry, timeout: hangGuard)
    let id = UUID(uuidString: "00000000-0000-0000-0000-000000000000")!
    await store.send(.place("apple")) {
      $0.orders = [OrderDesk.Order(id: id, item: "apple", placedAt: Date(timeIntervalSinceReferenceDate: 0), priority: 5, inStock: 7)]
    }
    await withKnownIssue {
      await store.send(.confirmed(id), reading: [.date(Self.placedAt), .uuid(Self.id)]) {
        $0.orders[0].confirmedAt = Self.placedAt
      }
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("did not read 1 of the values given to it: uuid") }
    }
    await store.skipInFlightEffects()
  }
}
