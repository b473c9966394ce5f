/// Sends actions back into a store from an effect or a middleware run.
///
/// A store hands its jobs a `Send` that knows which job is sending, so every action carries
/// its cause. Calling it posts the action into the store's mailbox and returns without
/// waiting for the store's actor: `await send(x)` means "queued, in order", not "already
/// reduced". The store's actor takes in everything its jobs posted at its next turn, in
/// the order they posted it, so a job's actions are reduced in the order it sent them, and
/// ``StoreTask/finish()`` still waits for every one. A job whose body runs on the store's
/// actor (``JobPlacement/storeActor``) has its action queued before `send` returns.
///
/// In tests, build one from a plain main-actor closure to record what a middleware sends:
///
/// ```swift
/// var sent: [Action] = []
/// try await middleware.run(action: .checkout, state: state, send: Send { sent.append($0) })
/// ```
public struct Send<Action: Sendable>: Sendable {
  /// Hands over an action, told the isolation of the code that sends it.
  private let deliver: nonisolated(nonsending) @Sendable (Action, _ caller: (any Actor)?) async -> Void

  /// Creates a `Send` that hands every action to `deliver`, on the main actor.
  public init(_ deliver: @escaping @MainActor @Sendable (Action) -> Void) {
    self.deliver = { action, _ in await deliver(action) }
  }

  /// Creates a `Send` that hands every action to `deliver`, wherever that runs.
  public init(delivering deliver: @escaping @Sendable (Action) async -> Void) {
    self.deliver = { action, _ in await deliver(action) }
  }

  /// Creates a `Send` for a job, which hears where each action is sent from, so that a
  /// send on the store's actor is taken in without a hop.
  init(fromJob deliver: nonisolated(nonsending) @escaping @Sendable (Action, _ caller: (any Actor)?) async -> Void) {
    self.deliver = deliver
  }

  /// Sends `action`: queued, in order, when this returns (see the type's description).
  nonisolated(nonsending) public func callAsFunction(_ action: Action) async {
    await deliver(action, #isolation)
  }
}
