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
