/// Which history entries `log origin KIND [NAME]` lists: those a kind of sender sent, and
/// for a job's kind, a job whose name matches a glob: `log origin effect 'search'`.
public struct OriginFilter: Equatable, Sendable {
  /// Who sent an entry, as ``EntryOrigin`` records it.
  public enum Kind: String, CaseIterable, Sendable {
    /// Typed at the shell.
    case user
    /// A line of a script.
    case script
    /// An effect: a `.send` effect, or a `.run` effect's job.
    case effect
    /// A middleware's job.
    case middleware
    /// A debounce's or throttle's timer.
    case timer
    /// A subscription.
    case subscription
    /// Sent into the store from outside the debugger.
    case external

    /// Whether jobs of this kind have names a filter can match.
    public var hasNames: Bool {
      switch self {
      case .effect, .middleware, .timer, .subscription: true
      case .user, .script, .external: false
      }
    }
  }

  /// The kind of sender.
  public var kind: Kind
  /// A glob on the job's name (`search`, `load*`); `nil` for any.
  public var name: String?

  /// Creates a filter.
  public init(kind: Kind, name: String? = nil) {
    self.kind = kind
    self.name = name
  }

  /// Whether an entry sent by `origin` passes.
  public func matches(_ origin: EntryOrigin) -> Bool {
    switch origin {
    case .user: kind == .user
    case .script: kind == .script
    case .external: kind == .external
    // A `.send` effect has no job, so no name.
    case .effect: kind == .effect && name == nil
    case .job(let jobKind, let jobName): jobKind == kind.rawValue && (name.map { globMatches($0, jobName) } ?? true)
    }
  }

  /// The filter as typed: `effect 'search'`.
  public var description: String {
    kind.rawValue + (name.map { " '\($0)'" } ?? "")
  }
}
