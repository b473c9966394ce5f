import Sluice
import SluiceMacroSupport

/// A counter that moves by a configurable step: the smallest feature, for a first look at a
/// store, its actions and its state diffs.
@Feature
public struct Counter: Sendable {
  /// The count and how far each increment or decrement moves it.
  public struct State: Equatable, Sendable, Codable {
    /// The current value.
    public var count: Int
    /// How far `increment` and `decrement` move `count`.
    public var step: Int

    /// Creates a counter state; the defaults are a count of zero moving by one.
    public init(count: Int = 0, step: Int = 1) {
      self.count = count
      self.step = step
    }
  }

  /// What a user can do to the counter.
  public enum Action: Equatable, Sendable, Codable {
    /// Adds `step` to the count.
    case increment
    /// Subtracts `step` from the count.
    case decrement
    /// Changes how far later increments and decrements move; the count stays where it is.
    case setStep(Int)
    /// Sets the count back to zero, keeping the step, so a user need not type it again.
    case reset
  }

  /// Creates the counter feature; it has no dependencies.
  public init() {}

  /// Applies one action; the counter never starts effects.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment:
      // Wrapping arithmetic: a debugger user typing huge steps must not crash the session.
      state.count &+= state.step
    case .decrement:
      state.count &-= state.step
    case .setStep(let step):
      state.step = step
    case .reset:
      state.count = 0
    }
    return .none
  }
}
