import Sluice
import SluiceMacroSupport

/// A stopwatch fed by a subscription: the store's clock ticks once a second for as long as
/// the store lives, and the stopwatch counts the ticks while it runs.
///
/// The example of a long-lived subscription (``ticks(every:on:)``): it starts with the
/// store, keeps listening while nothing else happens (waiting for quiet does not wait for
/// it), and the debugger's `reset` starts it afresh.
@Feature
public struct Stopwatch: Sendable {
  /// Whether it runs, and how long it has run.
  public struct State: Equatable, Sendable, Codable {
    /// Whether ticks are counted.
    public var isRunning: Bool
    /// The ticks counted so far.
    public var elapsedSeconds: Int

    /// Creates a state; by default stopped at zero.
    public init(isRunning: Bool = false, elapsedSeconds: Int = 0) {
      self.isRunning = isRunning
      self.elapsedSeconds = elapsedSeconds
    }
  }

  /// What a user, or the clock, can do.
  public enum Action: Equatable, Sendable, Codable {
    /// Starts counting ticks.
    case start
    /// Stops counting; the ticks go on arriving.
    case stop
    /// Back to zero, running or not.
    case clear
    /// A second passed: sent by the `ticks` subscription.
    case tick
  }

  /// Creates the feature.
  public init() {}

  /// Applies one action.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start: state.isRunning = true
    case .stop: state.isRunning = false
    case .clear: state.elapsedSeconds = 0
    case .tick: if state.isRunning { state.elapsedSeconds += 1 }
    }
    return .none
  }

  /// The subscription that sends ``Action/tick`` every `interval` on `clock`: pass the
  /// store's clock, so a test or a virtual-clock session moves it.
  public static func ticks(every interval: Duration = .seconds(1), on clock: any Clock<Duration>) -> Subscription<Action> {
    Subscription(name: "ticks") { send in
      while true {
        try await clock.sleep(for: interval)
        await send(.tick)
      }
    }
  }
}
