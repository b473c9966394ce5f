/// Where a state condition starts to hold (`bisect CONDITION`): the first entry after which
/// it holds, and whether it then holds for good. Answered from recorded states, never by
/// running a reducer again.
///
/// Every transition is found, not guessed: the condition is tested after each entry that
/// recorded a change to the part of the state it reads (and after those whose changes were
/// not recorded), so a condition that comes and goes is reported as such.
public struct Bisection: CommandAnswer, Equatable {
  /// Carried in the `bisect` event.
  public static let event = "bisect"

  /// The condition asked about, as typed.
  public var condition: String
  /// Whether it holds in the state before the first entry kept (the initial state, a loaded
  /// session's or the one the history limit folded into).
  public var holdsAtStart: Bool
  /// The first entry after which the condition holds: `nil` when it holds from the start or
  /// never holds; the position moves there.
  public var first: Transition?
  /// Whether the condition, once it holds, holds to the last entry kept: false to true at
  /// most once. A binary search over the states would have found ``first``.
  public var isMonotone: Bool
  /// Every entry after which the condition changed, oldest first.
  public var transitions: [Transition]
  /// How many states the condition was tested in.
  public var statesTested: Int
  /// How many entries were searched: the kept history.
  public var entriesSearched: Int

  /// An answer, for a renderer's tests or a tool that replays answers.
  public init(
    condition: String, holdsAtStart: Bool, first: Transition?, isMonotone: Bool, transitions: [Transition],
    statesTested: Int, entriesSearched: Int
  ) {
    (self.condition, self.holdsAtStart, self.first, self.isMonotone) = (condition, holdsAtStart, first, isMonotone)
    (self.transitions, self.statesTested, self.entriesSearched) = (transitions, statesTested, entriesSearched)
  }

  /// An entry after which the condition changed.
  public struct Transition: Codable, Sendable, Equatable {
    /// Its history index.
    public var index: Int
    /// The action, as Swift-like text (for an edit, the edit).
    public var action: String
    /// Its case name.
    public var caseName: String
    /// Who sent it.
    public var origin: String
    /// Whether the condition holds after it.
    public var holds: Bool

    /// A transition, for a renderer's tests or a tool that replays answers.
    public init(index: Int, action: String, caseName: String, origin: String, holds: Bool) {
      (self.index, self.action, self.caseName, self.origin, self.holds) = (index, action, caseName, origin, holds)
    }

    private enum CodingKeys: String, CodingKey {
      case index, action, caseName = "case", origin, holds
    }
  }
}
