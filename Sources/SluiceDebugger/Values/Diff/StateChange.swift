/// One node of a diff: how a value at some path changed.
public indirect enum StateChange: Equatable, Sendable {
  /// The value was replaced: a scalar changed, an optional became `nil` or non-`nil`,
  /// or the parts could not be told apart.
  case replaced(old: ValueTree, new: ValueTree)
  /// An enum value changed to another case.
  case caseChanged(old: ValueTree, new: ValueTree)
  /// A struct, tuple, enum payload, collection or dictionary whose parts changed;
  /// only the changed parts are listed, unchanged runs are counted.
  case nested(in: Container, members: [Member])

  /// What kind of value a `nested` change is inside.
  public enum Container: Equatable, Sendable {
    /// A struct or class instance.
    case structure(typeName: String)
    /// The payload of an enum case that stayed the same case.
    case enumCase(typeName: String, name: String)
    /// A tuple.
    case tuple
    /// An array or set.
    case collection(kind: ValueTree.CollectionKind, typeName: String)
    /// A dictionary.
    case dictionary(typeName: String)
  }

  /// One part of a `nested` change, in order.
  public enum Member: Equatable, Sendable {
    /// A run of parts that did not change.
    case unchanged(count: Int)
    /// A part that changed.
    case changed(Label, StateChange)
    /// A collection element or dictionary entry that was added.
    case inserted(Label, ValueTree)
    /// A collection element or dictionary entry that was removed.
    case removed(Label, ValueTree)
    /// Further changed elements not listed, to keep huge changes readable.
    case elided(count: Int)
  }

  /// How a member is introduced.
  public enum Label: Equatable, Sendable {
    /// Unlabeled: a tuple or payload element, or a set element.
    case none
    /// A property or payload label: `title: `.
    case field(String)
    /// An array position (the new one, or the old one for a removal): `[2]: `.
    case index(Int)
    /// A dictionary key: `"theme": `.
    case key(ValueTree)
  }
}
