import Sluice

/// Collects what a middleware sends when it is run on its own, outside a store.
///
/// On the main actor because `Send` delivers there, which makes the plain mutable array safe.
@MainActor
final class ActionCollector<Action: Sendable> {
  private(set) var actions: [Action] = []

  /// A `Send` that appends to ``actions``.
  var send: Send<Action> {
    Send { [self] action in actions.append(action) }
  }
}
