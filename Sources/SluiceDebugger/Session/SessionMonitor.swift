import Sluice

/// The monitor a session attaches to its store. It forwards to the session, which it holds
/// weakly: the store owns its monitor, and the session owns the store.
@MainActor
final class SessionMonitor<State: Codable & Equatable & Sendable, Action: Codable & Sendable>: StoreMonitor {
  weak var session: Session<State, Action>?

  var wantsPreviousState: Bool { session?.wantsPreviousState ?? false }

  func store(didReport event: StoreEvent<State, Action>) {
    session?.handle(event)
  }

  func shouldPause(before action: Action, context: ActionContext) -> Bool {
    session?.shouldPause(before: action, context: context) ?? false
  }

  func shouldHold(_ job: JobInfo) -> Bool {
    session?.shouldHold(job) ?? false
  }
}
