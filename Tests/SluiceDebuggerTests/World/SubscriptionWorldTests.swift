import Dependencies
import Foundation
import Sluice
import SluiceDebugger
import SluiceDebuggerDependencies
import Testing

/// A subscription of a feature registered with `dependencies:` runs on the session's world
/// too: its sleeps on `@Dependency(\.continuousClock)` are the session's.
@MainActor
@Suite struct SubscriptionWorldTests {
  struct Beats: Reducer {
    struct State: Codable, Equatable, Sendable { var beats = 0 }
    enum Action: Codable, Equatable, Sendable { case beat }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.beats += 1
      return .none
    }

    /// A beat every second, on the clock the subscription reads itself.
    static let heart = Subscription<Action>(name: "heart") { send in
      @Dependency(\.continuousClock) var clock
      while true {
        try await clock.sleep(for: .seconds(1))
        await send(.beat)
      }
    }
  }

  @Test func aSubscriptionSleepsOnTheSessionsVirtualClock() async throws {
    let registry = FeatureRegistry([
      Feature(
        "beats", summary: "A beat a second", initialState: Beats.State(), dependencies: { _ in },
        subscriptions: { _ in [Beats.heart] }
      ) { _ in Beats() }
    ])
    let session = try Debugger(registry: registry, options: .forTests(usesVirtualClock: true)).use("beats")
    _ = try await session.running.advance(by: .seconds(3))
    #expect(session.inspection.rendered("beats") == "3")
  }
}
