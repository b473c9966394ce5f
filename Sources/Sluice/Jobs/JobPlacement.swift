/// Where the body of a `.run` job runs.
public enum JobPlacement: Hashable, Sendable {
  /// Off the store's actor, as any async work does (the default): a slow body never holds
  /// up the actor. Its sends are posted to the store's mailbox and taken in, in order, at
  /// the actor's next turn.
  case offStoreActor
  /// On the store's actor, started at once (with `Task.immediate`, where the platform has
  /// it) inside the work of the action that returned it, with no hop to start. Its sends
  /// join the store's queue directly. For short bodies that belong with the state: one that
  /// awaits little and sends soon. A body that computes for long holds up the actor, and
  /// with it the store and, on the main actor, the user interface.
  case storeActor
}
