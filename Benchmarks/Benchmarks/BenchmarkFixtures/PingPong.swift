import Sluice

/// The effect round trips of benchmark 11: `.ping` answers with `.send(.pong)`, and `.start`
/// with a `.run` job that sends `.finished`. Each reduction only counts, so the figures
/// measure the store's effect machinery.
package struct PingPong: Reducer {
  package struct State: Equatable, Sendable {
    package var pongs = 0
    package var finished = 0

    package init() {}
  }

  package enum Action: Equatable, Sendable {
    case ping, pong, start, finished
  }

  package init() {}

  package func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .ping: return .send(.pong)
    case .pong: state.pongs &+= 1
    case .start: return .run { send in await send(.finished) }
    case .finished: state.finished &+= 1
    }
    return .none
  }
}
