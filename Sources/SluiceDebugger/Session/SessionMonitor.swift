import Sluice

/// The monitor a session attaches to its store. It forwards to the session, which it holds
/// weakly: the store owns its monitor, and the session owns the store.
@MainActor
final class SessionMonitor<State: Codable & Equatable & Sendable, Action: Codable & Sendable>: StoreMonitor {
  weak var session: Session<State, Action>? {
    didSet {
      // What the store reported while it was being created (its subscriptions starting),
      // before the session it belongs to existed.
      guard let session, !isAttached else { return }
      isAttached = true
      for event in early { session.handle(event) }
      early.removeAll()
    }
  }
  private var isAttached = false
  private var early: [StoreEvent<State, Action>] = []

  var wantsPreviousState: Bool { session?.wantsPreviousState ?? false }

  func store(didReport event: StoreEvent<State, Action>) {
    guard let session else { return keepUntilAttached(event) }
    session.handle(event)
  }

  /// Apart from `store(didReport:)`, which runs for every event: merely naming the array of
  /// events there made every event cost two more generic metadata lookups (about 300
  /// instructions) in that unspecialised code.
  @inline(never)
  private func keepUntilAttached(_ event: StoreEvent<State, Action>) {
    if !isAttached { early.append(event) }
  }

  func shouldPause(before action: Action, context: ActionContext) -> Bool {
    session?.shouldPause(before: action, context: context) ?? false
  }

  func shouldHold(_ job: JobInfo) -> Bool {
    session?.shouldHold(job) ?? false
  }
}
