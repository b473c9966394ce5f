/// Sends actions back into a store from an effect or a middleware run.
///
/// A store hands its jobs a `Send` that knows which job is sending, so every action carries
/// its cause. Calling it hops to the actor the store lives on and queues the action there.
///
/// In tests, build one from a plain main-actor closure to record what a middleware sends:
///
/// ```swift
/// var sent: [Action] = []
/// try await middleware.run(action: .checkout, state: state, send: Send { sent.append($0) })
/// ```
public struct Send<Action: Sendable>: Sendable {
  private let deliver: @Sendable (Action) async -> Void

  /// Creates a `Send` that hands every action to `deliver`, on the main actor.
  public init(_ deliver: @escaping @MainActor @Sendable (Action) -> Void) {
    self.deliver = { action in await deliver(action) }
  }

  /// Creates a `Send` that hands every action to `deliver`, wherever that runs.
  public init(delivering deliver: @escaping @Sendable (Action) async -> Void) {
    self.deliver = deliver
  }

  /// Sends `action`.
  public func callAsFunction(_ action: Action) async {
    await deliver(action)
  }
}
