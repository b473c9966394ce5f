import Sluice

/// Three middleware of the kinds apps have, none of which has work for a counter action:
/// each looks at the action and the new state and answers `.none`.
package enum CounterMiddleware {
  package static let all: [Middleware<Counter.State, Counter.Action>] = [
    Middleware(name: "analytics", analytics),
    Middleware(name: "validation", validation),
    Middleware(name: "persistence", persistence),
  ]

  /// Reports large jumps.
  package static func analytics(_ action: Counter.Action, _ state: Counter.State) -> Effect<Counter.Action> {
    guard case .add(let amount) = action, amount > 1_000 else { return .none }
    return .run { _ in }
  }

  /// Corrects a step the app does not support.
  package static func validation(_ action: Counter.Action, _ state: Counter.State) -> Effect<Counter.Action> {
    guard state.step <= 0 else { return .none }
    return .send(.add(1 - state.step))
  }

  /// Saves the state when the step changes (never, here).
  package static func persistence(_ action: Counter.Action, _ state: Counter.State) -> Effect<Counter.Action> {
    guard state.step != 1 else { return .none }
    return .run { _ in }
  }
}
