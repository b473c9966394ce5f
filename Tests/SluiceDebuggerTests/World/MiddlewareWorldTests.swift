import Foundation
import Sluice
import SluiceDebugger
import SluiceDebuggerTesting
import SluiceTesting
import Testing

/// A registered feature's middleware runs on the world its reducer runs on: the session's
/// clock (virtual or not) and the values the registration states, in the debugger and in a
/// test store of the feature alike.
@MainActor
@Suite struct MiddlewareWorldTests {
  /// The confirmation the middleware sends a second after `.place`, on the session's clock.
  @Test func aMiddlewareSleepingOnTheDependencyClockSleepsOnTheSessionsVirtualClock() async throws {
    let session = try Debugger(registry: OrderDesk.registry, options: .forTests(usesVirtualClock: true))
      .use("order-desk")
    session.running.type(#".place("apple")"#)
    _ = try await session.running.advance(by: .milliseconds(999))
    #expect(session.inspection.rendered("orders[0].confirmedAt") == "nil")
    _ = try await session.running.advance(by: .milliseconds(1))
    #expect(session.inspection.position == 2, "advance moved the middleware's sleep")
    #expect(session.inspection.rendered("orders[0].confirmedAt").contains("2001-01-01T00:00:01Z"))
  }

  @Test func theMiddlewaresJobSpanCoversItsSleep() async throws {
    let session = try Debugger(registry: OrderDesk.registry, options: .forTests(usesVirtualClock: true))
      .use("order-desk")
    session.running.type(#".place("apple")"#)
    _ = try await session.running.advance(by: .seconds(1))
    let span = try #require(session.inspection.jobSpans.first { $0.kind == .middleware })
    #expect(span.launched == .zero)
    #expect(span.ended == .seconds(1))
  }

  /// The client the registration states, not the test value `swift test` would resolve.
  @Test func theSessionUsesTheValuesTheRegistrationStates() throws {
    let session = try Debugger(registry: OrderDesk.registry, options: .forTests(usesVirtualClock: true))
      .use("order-desk")
    session.running.type(#".place("apple")"#)
    #expect(session.inspection.rendered("orders[0].inStock") == "7")
  }

  /// A test store of the registered feature: the middleware sleeps on the test's clock, and
  /// no unimplemented clock reports an issue.
  @Test func aTestStoreOfTheFeatureRunsItsMiddlewareOnTheTestsClock() async throws {
    let clock = ManualClock()
    let store: TestStore<OrderDesk.State, OrderDesk.Action> = try TestStore(
      feature: "order-desk", in: OrderDesk.registry, clock: clock, timeout: hangGuard)
    let id = UUID(uuidString: "00000000-0000-0000-0000-000000000000")!
    let start = Date(timeIntervalSinceReferenceDate: 0)
    await store.send(.place("apple")) {
      $0.orders = [OrderDesk.Order(id: id, item: "apple", placedAt: start, priority: 5, inStock: 7)]
    }
    await store.advance(by: .seconds(1))
    await store.receive(.confirmed(id)) {
      $0.orders[0].confirmedAt = start.addingTimeInterval(1)
    }
    await store.finish()
  }
}
