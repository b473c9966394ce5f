/// Where an action came from and where it stands in its causal chain.
///
/// Every action a store queues gets a context. The debugger's backtrace, history and cycle
/// warnings are all read from these.
public struct ActionContext: Hashable, Sendable {
  /// The store-wide, increasing number of this action, assigned when it is queued.
  public let sequence: UInt64
  /// The sequence number of the action whose effect or middleware sent this one; `nil` for
  /// an action sent from outside the store (or by a subscription).
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
  /// `Store.send` from the program's own code, outside the store: a view, an observer of the
  /// state, a delegate or a callback. The cycle detector's frequency signal counts it: a
  /// feedback loop through the program's code is a loop all the same.
  case external
  /// `Store.sendFromTool(_:)`: a tool that drives the store from outside its program — a
  /// debugger's shell, script or request, a test store's `send`. The frequency signal never
  /// counts it: what a person or a script repeats is no loop.
  case tool
  /// A `.send` effect returned by the reducer for the parent action.
  case effect
  /// A job (a `.run` effect or a middleware run), identified by its id.
  case job(JobID)
}

extension ActionContext {
  /// The context of an action sent from outside the store: a root, at depth 0. Inlinable:
  /// the store's send paths make one per action.
  @inlinable
  static func external(_ sequence: UInt64, origin: ActionOrigin = .external) -> ActionContext {
    ActionContext(sequence: sequence, parent: nil, root: sequence, depth: 0, origin: origin)
  }

  /// Whether the cycle detector's frequency signal counts the action: everything but the
  /// roots nobody's loop can make — a tool's sends and a subscription's news (a steady timer
  /// is no loop). What those cause is counted as ever.
  @inlinable
  public var countsTowardFrequency: Bool {
    switch origin {
    case .tool: false
    case .job: parent != nil
    case .external, .effect: true
    }
  }
}
