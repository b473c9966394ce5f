/// A value turned into a tree for rendering: fields, enum cases, elements, entries
/// and scalar leaves, with type names already shortened.
///
/// Build one with `ValueTree(reflecting:)` when something is to be shown; it walks
/// the whole value by reflection, so it is never built per action.
///
/// Only `optional` is boxed (it holds a tree directly); the other cases hold their parts
/// inline or in arrays, so a leaf costs no allocation of its own.
public enum ValueTree: Equatable, Sendable {
  /// A struct or class instance with its stored properties.
  case structure(typeName: String, fields: [Field])
  /// An enum case with its payload (empty for a case without one).
  case enumCase(typeName: String, name: String, payload: [Field])
  /// A tuple.
  case tuple([Field])
  /// An array or set (or another collection) and its elements.
  case collection(kind: CollectionKind, typeName: String, elements: [ValueTree])
  /// A dictionary's entries, sorted by their rendered keys.
  case dictionary(typeName: String, entries: [Entry])
  /// An optional: `nil` for `.none`, else the wrapped value.
  indirect case optional(ValueTree?)
  /// A leaf, already rendered: `42`, `"Milk"` (quoted and escaped), `true`.
  case scalar(typeName: String, text: String)
  /// A part not expanded: beyond the depth limit, or a class instance
  /// that contains itself. Rendered `TypeName(…)`.
  case omitted(typeName: String)

  /// Whether a collection's elements have positions (arrays) or not (sets,
  /// shown sorted).
  public enum CollectionKind: Equatable, Sendable {
    /// Ordered, shown with indices.
    case array
    /// Unordered, shown sorted by rendered text.
    case set
  }

  /// A property, tuple element or payload value; `label` is `nil` when unlabeled.
  public struct Field: Equatable, Sendable {
    /// The name before the colon, or `nil`.
    public var label: String?
    /// The value.
    public var value: ValueTree

    /// Creates a field.
    public init(label: String?, value: ValueTree) {
      self.label = label
      self.value = value
    }
  }

  /// A dictionary entry.
  public struct Entry: Equatable, Sendable {
    /// The key, as a tree.
    public var key: ValueTree
    /// The value, as a tree.
    public var value: ValueTree

    /// Creates an entry.
    public init(key: ValueTree, value: ValueTree) {
      self.key = key
      self.value = value
    }
  }
}

extension ValueTree {
  /// Builds the tree of `value` by reflection, expanding at most `maximumDepth` levels.
  public init(reflecting value: Any, maximumDepth: Int = 64) {
    var builder = ValueTreeBuilder(maximumDepth: maximumDepth)
    self = builder.tree(for: value, depth: 0)
  }
}
