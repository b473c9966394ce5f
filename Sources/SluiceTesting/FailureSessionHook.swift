import Sluice

/// What a ``TestStore`` does for session files, without knowing that its types are
/// `Codable`: it hands every store event to ``observe`` and asks ``writeSession`` for what a
/// failure says about the file. Made by the initializer that takes a debugger feature's name,
/// from the debugger testing support's `FailureSessionRecorder`.
package struct FailureSessionHook<State, Action> {
  /// Takes in one of the store's events.
  package let observe: @MainActor (StoreEvent<State, Action>) -> Void
  /// Writes the session, open at the entry of the action with the given sequence number (the
  /// last entry for `nil`), and returns the text the failure ends with.
  package let writeSession: @MainActor (_ failingSequence: UInt64?) -> String

  /// A hook that hands events to `observe` and asks `writeSession` at a failure.
  package init(
    observe: @escaping @MainActor (StoreEvent<State, Action>) -> Void,
    writeSession: @escaping @MainActor (_ failingSequence: UInt64?) -> String
  ) {
    (self.observe, self.writeSession) = (observe, writeSession)
  }
}
