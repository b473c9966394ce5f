/// Who sent an action that the history records.
public enum EntryOrigin: Hashable, Sendable, Codable, CustomStringConvertible {
  /// Typed at the shell.
  case user
  /// A line of a script.
  case script
  /// A `.send` effect of the parent action.
  case effect
  /// A job: an effect's run, a middleware or a timer, by kind and name.
  case job(kind: String, name: String)
  /// Sent from outside the debugger into the store directly.
  case external

  /// Whether the action came into the store from outside it (the user, a script, the
  /// program) rather than from its own effects and jobs: what a test `send`s rather than
  /// `receive`s, and what a scratch replay sends again.
  package var isSentFromOutside: Bool {
    switch self {
    case .user, .script, .external: true
    case .effect, .job: false
    }
  }

  public var description: String {
    switch self {
    case .user: "user"
    case .script: "script"
    case .effect: "effect"
    case .job(let kind, let name): "\(kind) '\(name)'"
    case .external: "external"
    }
  }
}
