/// What `shrink` found: a smallest subsequence of the root actions whose replay still shows
/// the failure, now the session's timeline (the history before it is kept as the original).
public struct Shrinking: CommandAnswer, Equatable {
  /// Carried in the `shrink` event.
  public static let event = "shrink"

  /// Why the search ended.
  public enum Stop: String, Codable, Sendable, Equatable {
    /// Every single removal was replayed and passed: no action kept can be removed
    /// (1-minimal).
    case minimal
    /// The replay budget ran out first: the actions kept still fail, but may not all be needed.
    case budgetSpent
    /// Interrupted (Ctrl-C): the actions kept are the smallest failing set found so far.
    case interrupted
  }

  /// A root action kept.
  public struct Kept: Codable, Sendable, Equatable {
    /// Its index in the shrunk history.
    public var index: Int
    /// Its index in the original history.
    public var originalIndex: Int
    /// The action, as Swift-like text.
    public var action: String
    /// Its case name.
    public var caseName: String
    /// Who sent it.
    public var origin: String

    /// A kept action, for a renderer's tests or a tool that replays answers.
    public init(index: Int, originalIndex: Int, action: String, caseName: String, origin: String) {
      (self.index, self.originalIndex, self.action, self.caseName, self.origin) = (index, originalIndex, action, caseName, origin)
    }

    private enum CodingKeys: String, CodingKey {
      case index, originalIndex, action, caseName = "case", origin
    }
  }

  /// The failure kept: the condition as typed, the cycle (`cycle .ping → .pong → .ping`), or
  /// the job that failed (`job 'fetch' failed`).
  public var goal: String
  /// How many root actions the history had.
  public var rootActions: Int
  /// The root actions kept, in order.
  public var kept: [Kept]
  /// How many entries the shrunk history has: the actions kept and what their effects sent.
  public var entries: Int
  /// How many replays ran, the first (all the root actions) included.
  public var replays: Int
  /// The most replays allowed.
  public var budget: Int
  /// Why the search ended.
  public var stop: Stop

  /// An answer, for a renderer's tests or a tool that replays answers.
  public init(goal: String, rootActions: Int, kept: [Kept], entries: Int, replays: Int, budget: Int, stop: Stop) {
    (self.goal, self.rootActions, self.kept, self.entries) = (goal, rootActions, kept, entries)
    (self.replays, self.budget, self.stop) = (replays, budget, stop)
  }
}

/// Where a running `shrink` is, for a progress line: how many replays ran of the budget, and
/// how many root actions the smallest failing subsequence has.
public struct ShrinkProgress: Sendable, Equatable {
  /// Replays run so far.
  public var replays: Int
  /// The most allowed.
  public var budget: Int
  /// Root actions in the smallest failing subsequence so far.
  public var kept: Int
  /// Root actions in the history.
  public var rootActions: Int

  /// Where a shrink is, for a renderer's tests.
  public init(replays: Int, budget: Int, kept: Int, rootActions: Int) {
    (self.replays, self.budget, self.kept, self.rootActions) = (replays, budget, kept, rootActions)
  }
}
