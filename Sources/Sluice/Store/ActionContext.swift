/// Where an action came from and where it stands in its causal chain.
///
/// Every action a store queues gets a context. The debugger's backtrace, history and cycle
/// warnings are all read from these.
public struct ActionContext: Hashable, Sendable {
  /// The store-wide, increasing number of this action, assigned when it is queued.
  public let sequence: UInt64
  /// The sequence number of the action whose effect or middleware sent this one; `nil` for
  /// an action sent from outside the store.
  public let parent: UInt64?
  /// The sequence number of the externally sent action at the head of this chain.
  public let root: UInt64
  /// How many causal steps separate this action from its root: 0 for an external send.
  public let depth: Int
  /// What sent the action.
  public let origin: ActionOrigin

  /// Creates a context. Stores make these; tests and monitors may build their own.
  public init(sequence: UInt64, parent: UInt64?, root: UInt64, depth: Int, origin: ActionOrigin) {
    self.sequence = sequence
    self.parent = parent
    self.root = root
    self.depth = depth
    self.origin = origin
  }
}

/// What sent an action into a store.
public enum ActionOrigin: Hashable, Sendable {
  /// `Store.send` from outside the store: a user, a view, a script.
  case external
  /// A `.send` effect returned by the reducer for the parent action.
  case effect
  /// A job (a `.run` effect or a middleware run), identified by its id.
  case job(JobID)
}

extension ActionContext {
  /// The context of an action sent from outside the store: a root, at depth 0.
  @usableFromInline
  static func external(_ sequence: UInt64) -> ActionContext {
    ActionContext(sequence: sequence, parent: nil, root: sequence, depth: 0, origin: .external)
  }
}
