/// Every change of the value at a state path, oldest first (`history PATH [WINDOW]`): the
/// entries that changed it, each with the value before and after, windowed as `log` is.
/// Answered from recorded states, never by running a reducer again.
public struct PathHistory: CommandAnswer, Equatable {
  /// Carried in the `pathHistory` event.
  public static let event = "pathHistory"

  /// The state path asked about, as typed.
  public var path: String
  /// The changes listed, oldest first.
  public var changes: [Change]
  /// How many changes come before the first listed.
  public var offset: Int
  /// How many changes there are in all, listed or not.
  public var total: Int

  /// An answer, for a renderer's tests or a tool that replays answers.
  public init(path: String, changes: [Change], offset: Int, total: Int) {
    (self.path, self.changes, self.offset, self.total) = (path, changes, offset, total)
  }

  /// One entry that changed the value.
  public struct Change: Codable, Sendable, Equatable {
    /// Its history index.
    public var index: Int
    /// The action, as Swift-like text (for an edit, the edit).
    public var action: String
    /// Its case name.
    public var caseName: String
    /// Who sent it.
    public var origin: String
    /// The value before it, on one line; `nil` when the path named nothing before.
    public var old: String?
    /// The value after it; `nil` when the path names nothing after.
    public var new: String?

    /// A change, for a renderer's tests or a tool that replays answers.
    public init(index: Int, action: String, caseName: String, origin: String, old: String?, new: String?) {
      (self.index, self.action, self.caseName, self.origin, self.old, self.new) = (index, action, caseName, origin, old, new)
    }

    private enum CodingKeys: String, CodingKey {
      case index, action, caseName = "case", origin, old, new
    }
  }
}
