/// Where the value at a state path came from (`why PATH [at N]`): the entry that last set it,
/// as seen at an entry, with the value before and after, the causal chain that led to it and
/// the dependency reads it made; or the state the history starts from, when no entry kept
/// changed it. Answered from recorded states, never by running a reducer again.
public struct ValueCause: CommandAnswer, Equatable {
  /// Carried in the `why` event.
  public static let event = "why"

  /// The state path asked about, as typed.
  public var path: String
  /// The entry whose state was asked about: the position, or `at N` (0: the initial state).
  public var at: Int
  /// The value at the path there, on one line; `nil` when the path names nothing there.
  public var value: String?
  /// Where the value came from.
  public var source: Source
  /// The entry that last set it, when one did.
  public var change: Change?

  /// An answer, for a renderer's tests or a tool that replays answers.
  public init(path: String, at: Int, value: String?, source: Source, change: Change?) {
    (self.path, self.at, self.value, self.source, self.change) = (path, at, value, source, change)
  }

  /// Where a value came from.
  public enum Source: String, Codable, Sendable, Equatable {
    /// An entry of the history set it (an action, or a `set var` edit): ``ValueCause/change``.
    case entry
    /// No entry changed it: it is the initial state's.
    case initialState
    /// No entry kept changed it: it is in the state before the oldest entry kept, the one a
    /// loaded session or a history folded by its limit starts from.
    case oldestKeptState
  }

  /// The entry that set the value.
  public struct Change: Codable, Sendable, Equatable {
    /// Its history index.
    public var index: Int
    /// The action, as Swift-like text (for an edit, the edit).
    public var action: String
    /// Its case name.
    public var caseName: String
    /// Who sent it.
    public var origin: String
    /// Whether it is a `set var` edit rather than an action.
    public var isEdit: Bool
    /// The value before it, on one line; `nil` when the path named nothing before.
    public var old: String?
    /// The value after it; `nil` when the path names nothing after.
    public var new: String?
    /// Its causal chain, newest first: the entry, then what caused it, back to its root.
    public var chain: [Frame]
    /// The dependency reads it made, in order.
    public var reads: [Read]

    /// A change, for a renderer's tests or a tool that replays answers.
    public init(
      index: Int, action: String, caseName: String, origin: String, isEdit: Bool, old: String?, new: String?,
      chain: [Frame], reads: [Read]
    ) {
      (self.index, self.action, self.caseName, self.origin, self.isEdit) = (index, action, caseName, origin, isEdit)
      (self.old, self.new, self.chain, self.reads) = (old, new, chain, reads)
    }

    private enum CodingKeys: String, CodingKey {
      case index, action, caseName = "case", origin, isEdit, old, new, chain, reads
    }
  }

  /// One frame of a causal chain.
  public struct Frame: Codable, Sendable, Equatable {
    /// Its history index; `nil` for a frame the history no longer keeps.
    public var index: Int?
    /// The action, as Swift-like text.
    public var action: String
    /// Who sent it, when known.
    public var origin: String?

    /// A frame, for a renderer's tests or a tool that replays answers.
    public init(index: Int?, action: String, origin: String?) {
      (self.index, self.action, self.origin) = (index, action, origin)
    }
  }

  /// A dependency read an entry made.
  public struct Read: Codable, Sendable, Equatable {
    /// What was read (`uuid`, `date.now`).
    public var name: String
    /// The value it gave, as JSON.
    public var value: String

    /// A read, for a renderer's tests or a tool that replays answers.
    public init(name: String, value: String) {
      (self.name, self.value) = (name, value)
    }
  }
}
