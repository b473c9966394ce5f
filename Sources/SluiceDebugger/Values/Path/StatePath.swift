/// A path into a state value: `todos[2].title`, `user?.name`, `todos[id: 3]`,
/// `settings["theme"]`, `owners[UUID("E621E1F8-…")]`, `count`. The empty path (written `self`
/// or ``) is the root.
///
/// Paths are parsed from text with `init(parsing:)`, looked up on any value with
/// `value(in:)` and reported by `StateDiff.changedPaths`, `find` and the diff's changes. There
/// is one path language: every path the debugger prints parses back to the same path and
/// leads to the value printed beside it.
public struct StatePath: Hashable, Sendable, CustomStringConvertible {
  /// One step of a path.
  public enum Component: Hashable, Sendable {
    /// A stored property, a tuple element, an enum case name (its payload) or a
    /// payload label: `.title`.
    case property(String)
    /// An array position, or an integer dictionary key: `[2]`.
    case index(Int)
    /// A dictionary key: `["theme"]`.
    case key(String)
    /// A dictionary key written as the Swift literal the dictionary prints it as, when it is
    /// neither a string nor an integer: `[UUID("E621E1F8-…")]`, `[Date("2024-05-01T09:30:00Z")]`,
    /// `[1.5]`, `[true]`, `[.dark]`. Looked up by decoding the literal as the key type.
    case literalKey(String)
    /// The first element of a collection whose property equals a value: `[id: 3]`.
    case element(whose: String, equals: MatchValue)
    /// Optional chaining: `?`. A `nil` here makes the whole lookup `nil`.
    case optionalChain
  }

  /// The value an `element(whose:equals:)` component compares with.
  public enum MatchValue: Hashable, Sendable, CustomStringConvertible {
    /// Matches a property that renders as this integer.
    case integer(Int)
    /// Matches a string property with this content, or any property whose
    /// description is this text (a `UUID`, a raw-value enum).
    case string(String)
    /// Matches a `Bool` property.
    case boolean(Bool)

    /// `3`, `"abc"` or `true`, as written in a path.
    public var description: String {
      switch self {
      case .integer(let value): String(value)
      case .string(let text): SwiftStringEscaping.quoted(text)
      case .boolean(let value): String(value)
      }
    }
  }

  /// The steps from the root.
  public var components: [Component]

  /// The path made of `components`; the root when empty.
  public init(_ components: [Component] = []) {
    self.components = components
  }

  /// The path to the value itself.
  public static let root = StatePath()

  /// Whether this is the root path.
  public var isRoot: Bool { components.isEmpty }

  /// This path followed by `component`.
  public func appending(_ component: Component) -> StatePath {
    StatePath(components + [component])
  }

  /// `todos[2].title`, `user?.name`, `self` for the root.
  public var description: String {
    guard !components.isEmpty else { return "self" }
    var text = ""
    for component in components {
      switch component {
      case .property(let name):
        text += text.isEmpty ? name : "." + name
      case .index(let index):
        text += "[\(index)]"
      case .key(let key):
        text += "[\(SwiftStringEscaping.quoted(key))]"
      case .literalKey(let literal):
        text += "[\(literal)]"
      case .element(let label, let value):
        text += "[\(label): \(value)]"
      case .optionalChain:
        text += text.isEmpty ? "self?" : "?"
      }
    }
    return text
  }
}
