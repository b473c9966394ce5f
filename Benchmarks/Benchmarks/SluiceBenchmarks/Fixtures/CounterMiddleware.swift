import Sluice

/// Three middleware of the kinds apps have, none of which has work for a counter action:
/// each looks at the action and the new state and answers `.none`. Their own cost is what
/// calling them directly costs, which the middleware benchmark adds to its baseline.
enum CounterMiddleware {
  static let all: [Middleware<Counter.State, Counter.Action>] = [analytics, validation, persistence]

  /// Reports large jumps.
  static let analytics = Middleware<Counter.State, Counter.Action>(name: "analytics") { action, _ in
    guard case .add(let amount) = action, amount > 1_000 else { return .none }
    return .run { _ in }
  }

  /// Reports a count outside the range the app supports.
  static let validation = Middleware<Counter.State, Counter.Action>(name: "validation") { _, state in
    guard state.step <= 0 else { return .none }
    return .send(.add(1 - state.step))
  }

  /// Saves the state when the step changes (never, here).
  static let persistence = Middleware<Counter.State, Counter.Action>(name: "persistence") { _, state in
    guard state.step != 1 else { return .none }
    return .run { _ in }
  }
}
