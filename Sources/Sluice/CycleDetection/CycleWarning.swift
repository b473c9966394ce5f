/// A report from the cycle detector.
public struct CycleWarning: Hashable, Sendable, CustomStringConvertible {
  /// Which signal fired.
  public enum Signal: Hashable, Sendable {
    /// One case was reduced `count` times within `window`.
    case frequency(count: Int, window: Duration)
    /// A causal chain reached `depth`.
    case depth(Int)
  }

  /// Which signal fired, with its count or depth.
  public let signal: Signal
  /// The case name of the action that tripped the detector, like `ping` or `todo.toggle`.
  public let caseName: String
  /// The context of that action.
  public let context: ActionContext
  /// One period of the repeating chain of case names, in causal order (`["ping", "pong"]`);
  /// a single name when the chain does not repeat.
  public let cycle: [String]
  /// What the store did about it.
  public let policy: CyclePolicy

  /// Creates a warning.
  public init(
    signal: Signal, caseName: String, context: ActionContext, cycle: [String], policy: CyclePolicy
  ) {
    self.signal = signal
    self.caseName = caseName
    self.context = context
    self.cycle = cycle
    self.policy = policy
  }

  /// The cycle as people read it: `.ping → .pong → .ping`.
  public var cycleDescription: String {
    guard let first = cycle.first else { return "" }
    return (cycle + [first]).map { ".\($0)" }.joined(separator: " → ")
  }

  /// Whether the action that tripped the detector was sent by the program's own code from
  /// outside the store (``ActionOrigin/external``): the loop left the store and came back
  /// through an observer, a view or a callback, so no chain of causes inside the store
  /// links one round to the next.
  public var cameBackFromOutsideTheStore: Bool {
    context.parent == nil && context.origin == .external
  }

  /// What ``cameBackFromOutsideTheStore`` means, said after the cycle; empty when it is not so.
  private var outsideNote: String {
    cameBackFromOutsideTheStore
      ? "; each .\(caseName) was sent from outside the store by the program's own code (an observer, a view or a callback): the loop runs through it"
      : ""
  }

  public var description: String {
    let what: String
    switch signal {
    case .frequency(let count, let window):
      what = "frequency: .\(caseName) reduced \(count) times within \(window)"
    case .depth(let depth):
      what = "depth: .\(caseName) at causal depth \(depth)"
    }
    return "cycle detected (\(what)); cycle \(cycleDescription)\(outsideNote); policy \(policy.rawValue)"
  }
}
