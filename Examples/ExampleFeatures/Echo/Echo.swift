import Sluice
import SluiceMacroSupport

/// Two actions that send each other at once, forever, on purpose: `.ping` → `.send(.pong)`
/// → `.send(.ping)` → …
///
/// Unlike ``PingPong``, no job stands between two hops, so the loop never leaves the `send`
/// that started it and nothing else on the store's actor runs until it ends. It exists to
/// show that the debugger still reaches such a loop: the cycle detector warns while it runs,
/// Ctrl-C (or an attached client's `pause`) pauses it between two actions, and SIGTERM ends
/// the program. Under `--cycle-policy pause` or `break` the detector ends it by itself.
@Feature
public struct Echo: Sendable {
  /// How many of each action were reduced.
  public struct State: Equatable, Sendable, Codable {
    /// Pings reduced.
    public var pings: Int
    /// Pongs reduced.
    public var pongs: Int

    /// Creates a state; by default nothing sent yet.
    public init(pings: Int = 0, pongs: Int = 0) {
      self.pings = pings
      self.pongs = pongs
    }
  }

  /// The two halves of the loop; there is no way out but pausing the store.
  public enum Action: Equatable, Sendable, Codable {
    /// Counts a ping and sends `.pong` at once.
    case ping
    /// Counts a pong and sends `.ping` at once.
    case pong
  }

  /// Creates the feature.
  public init() {}

  /// Applies one action; each half sends the other, synchronously.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .ping:
      state.pings += 1
      return .send(.pong)
    case .pong:
      state.pongs += 1
      return .send(.ping)
    }
  }
}
