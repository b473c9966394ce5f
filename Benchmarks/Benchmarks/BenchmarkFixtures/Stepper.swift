import Sluice

/// A count moved by a step: benchmark 16's session and benchmark 17's shrink case.
struct Stepper: Reducer {
  struct State: Codable, Equatable, Sendable {
    var count = 0
    var step = 1
  }

  enum Action: Codable, Equatable, Sendable {
    case setStep(Int)
    case increment
    case decrement
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .setStep(let step): state.step = step
    case .increment: state.count += state.step
    case .decrement: state.count -= state.step
    }
    return .none
  }
}
