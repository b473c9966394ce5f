/// Sends actions back into a store from an effect or a middleware run.
///
/// A store hands its jobs a `Send` that knows which job is sending, so every action carries
/// its cause. In tests, build one from a plain closure to record what a middleware sends:
///
/// ```swift
/// var sent: [Action] = []
/// try await middleware.run(action: .checkout, state: state, send: Send { sent.append($0) })
/// ```
@MainActor
public struct Send<Action: Sendable>: Sendable {
  private let deliver: @MainActor @Sendable (Action) -> Void

  /// Creates a `Send` that hands every action to `deliver`.
  public nonisolated init(_ deliver: @escaping @MainActor @Sendable (Action) -> Void) {
    self.deliver = deliver
  }

  /// Sends `action`.
  public func callAsFunction(_ action: Action) {
    deliver(action)
  }
}
