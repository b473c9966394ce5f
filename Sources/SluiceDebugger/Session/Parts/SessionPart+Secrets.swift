import Foundation
import Sluice

/// What the session refuses to do with a secret (``Redaction``): set it (the value typed
/// would show in `log`, events and files), watch it (its value is always the mask), or
/// compare it, or a value holding it, in a condition (each answer would tell a little of it).
extension SessionPart {
  func refuseSecret(_ path: StatePath, _ verb: String) throws(DebugError) {
    guard redaction.isSecret(path, in: store.state) else { return }
    throw DebugError("cannot \(verb) \(path): it is secret, and shows only as \(Redaction.mask)")
  }

  func refuseSecret(_ condition: StateCondition, _ verb: String) throws(DebugError) {
    guard condition.subject == .state, redaction.holdsSecret(condition.path, in: store.state) else { return }
    throw DebugError("cannot \(verb) \(condition.pathText): it holds a secret, which shows only as \(Redaction.mask)")
  }

  /// A session file's bytes with each masked secret in its states taken from the store's
  /// current state (see ``Redaction``); unchanged when it holds no mask.
  func withLiveSecrets(_ file: Data) -> Data {
    guard Redaction.mayHoldSecrets(file), let live = try? JSONEncoder().encode(store.state) else { return file }
    return (try? Redaction.restoringSecrets(inSessionFile: file, from: live)) ?? file
  }
}
