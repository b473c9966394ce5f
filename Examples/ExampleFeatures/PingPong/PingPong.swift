import Sluice
import SluiceMacroSupport

/// Two actions that send each other forever: `.ping` → effect → `.pong` → effect →
/// `.ping` → …
///
/// It exists to trip the cycle detector: every hop deepens one causal chain and repeats
/// the same two case names, so both the depth and the frequency signal fire, and the
/// warning names the cycle `.ping → .pong → .ping`. With the default zero interval the loop
/// runs as fast as the store can go; `stop` ends it.
@Feature
public struct PingPong: Sendable {
  /// How many of each action were reduced.
  public struct State: Equatable, Sendable, Codable {
    /// Pings reduced.
    public var pings: Int
    /// Pongs reduced.
    public var pongs: Int
    /// Whether the loop is going: set by either action, cleared by `stop`.
    public var isRunning: Bool

    /// Creates a state; by default nothing sent yet.
    public init(pings: Int = 0, pongs: Int = 0, isRunning: Bool = false) {
      self.pings = pings
      self.pongs = pongs
      self.isRunning = isRunning
    }
  }

  /// The two halves of the loop, and the way out of it.
  public enum Action: Equatable, Sendable, Codable {
    /// Counts a ping and, after the interval, sends `.pong`.
    case ping
    /// Counts a pong and, after the interval, sends `.ping`.
    case pong
    /// Cancels the hop in flight, which ends the loop.
    case stop
  }

  private enum CancelID: Hashable, Sendable {
    case loop
  }

  /// Where each hop waits.
  public let clock: any Clock<Duration>
  /// How long each hop waits before sending the next action; zero sends at once.
  public let interval: Duration

  /// Creates the feature.
  ///
  /// - Parameters:
  ///   - clock: Where each hop waits; pass the store's clock, or a test clock.
  ///   - interval: How long each hop waits; zero (the default) makes a tight loop.
  public init(clock: any Clock<Duration> = ContinuousClock(), interval: Duration = .zero) {
    self.clock = clock
    self.interval = interval
  }

  /// Applies one action; each half of the loop starts the hop to the other.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .ping:
      state.pings += 1
      state.isRunning = true
      return hop(to: .pong)
    case .pong:
      state.pongs += 1
      state.isRunning = true
      return hop(to: .ping)
    case .stop:
      state.isRunning = false
      return .cancel(id: CancelID.loop)
    }
  }

  /// The effect that waits the interval and sends `next`.
  ///
  /// Not `cancelInFlight`: the hop in flight is the one sending this very action, and
  /// cancelling it would report every finished hop as cancelled in the debugger.
  private func hop(to next: Action) -> Effect<Action> {
    let clock = clock
    let interval = interval
    return .run(name: "send \(next.caseName)") { send in
      if interval > .zero {
        try await clock.sleep(for: interval)
      }
      await send(next)
    }
    .cancellable(id: CancelID.loop)
  }
}
