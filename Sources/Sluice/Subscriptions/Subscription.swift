/// A long-lived listener to something outside the store — notifications, a socket, a
/// sensor, a timer — that sends actions for as long as the store lives.
///
/// A store starts its subscriptions when it is created and cancels them when it goes away.
/// Each runs as a job of kind ``JobKind/subscription`` that the debugger lists, but waiting
/// for quiet does not wait for it: ``Store/idle()``, `TestStore.finish()` and the debugger's
/// `wait` return once what it sent has been reduced, while it goes on listening.
///
/// ```swift
/// let store = Store(
///   initialState: Stopwatch.State(), reducer: Stopwatch(),
///   subscriptions: [Subscription(name: "ticks") { send in
///     while true {
///       try await clock.sleep(for: .seconds(1))
///       await send(.tick)
///     }
///   }])
/// ```
///
/// Every action a subscription sends starts a causal chain of its own, at depth 0, like an
/// action sent from outside; the history names the subscription as its origin.
public struct Subscription<Action: Sendable>: Sendable {
  /// How the debugger and monitors name the subscription's job.
  public let name: String
  /// What it runs while the store lives; `package` so that a product beside the runtime can
  /// run it inside a context of its own (the debugger's dependency values).
  package let body: @Sendable (Send<Action>) async throws -> Void

  /// A subscription that runs `body` for as long as the store lives (or until `body`
  /// returns); `body` sends actions through `send`.
  public init(name: String, _ body: @escaping @Sendable (_ send: Send<Action>) async throws -> Void) {
    self.name = name
    self.body = body
  }

  /// A subscription to the sequence `makeSequence` makes, each element sent as the action
  /// `action` makes of it. The sequence is made again each time the subscription starts.
  public static func sequence<Elements: AsyncSequence & Sendable>(
    name: String, _ makeSequence: @escaping @Sendable () -> Elements,
    action: @escaping @Sendable (Elements.Element) -> Action
  ) -> Self where Elements.Element: Sendable {
    Self(name: name) { send in
      for try await element in makeSequence() {
        await send(action(element))
      }
    }
  }
}
