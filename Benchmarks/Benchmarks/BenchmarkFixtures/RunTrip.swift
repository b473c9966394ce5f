import Sluice

/// An effect round trip through a job: `.start` runs a job that sends `.done` back.
package struct RunTrip: Reducer {
  package struct State: Equatable, Sendable {
    package var trips = 0

    package init() {}
  }

  package enum Action: Equatable, Sendable {
    case start
    case done
  }

  package init() {}

  package func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .run { send in await send(.done) }
    case .done:
      state.trips += 1
      return .none
    }
  }
}
