extension StateDiff {
  /// One leaf of a diff: where it is, and the value before and after, each on one line
  /// (`nil` for an element or entry that was inserted or removed). The path leads to the
  /// value shown, except for a set's element, which has no path: it is the set's.
  public struct FlatChange: Equatable, Sendable {
    /// The path of the value that changed.
    public let path: StatePath
    /// The value before, or `nil` when it was inserted.
    public let old: String?
    /// The value after, or `nil` when it was removed.
    public let new: String?
  }

  /// The diff's changes as a flat list of leaves, in order, for tools (the JSON events'
  /// `changes`); the nested ``change`` is what the text rendering shows.
  public var flatChanges: [FlatChange] {
    var found: [FlatChange] = []
    if let change { Self.flatten(change, at: .root, into: &found) }
    return found
  }

  private static func flatten(_ change: StateChange, at path: StatePath, into found: inout [FlatChange]) {
    switch change {
    case .replaced(let old, let new), .caseChanged(let old, let new):
      found.append(FlatChange(path: path, old: old.compactDescription, new: new.compactDescription))
    case .nested(let container, let members):
      let base = if case .enumCase(_, let name) = container { path.appending(.property(name)) } else { path }
      // A single unlabeled payload is reached by the case name alone (`results.loaded[1]`): its
      // one member is the payload itself, not a `.0` of it.
      if case .enumCase = container, members.count == 1, case .changed(.none, let inner) = members[0] {
        flatten(inner, at: base, into: &found)
        return
      }
      // A set's elements have no path of their own: their changes are the set's.
      let isSet = if case .collection(.set, _) = container { true } else { false }
      var position = 0
      for member in members {
        switch member {
        case .unchanged(let count), .elided(let count):
          position += count
        case .changed(let label, let inner):
          flatten(inner, at: base.appending(component(label, position: position)), into: &found)
          position += 1
        case .inserted(let label, let tree):
          let at = isSet ? base : base.appending(component(label, position: position))
          found.append(FlatChange(path: at, old: nil, new: tree.compactDescription))
          position += 1
        case .removed(let label, let tree):
          let at = isSet ? base : base.appending(component(label, position: position))
          found.append(FlatChange(path: at, old: tree.compactDescription, new: nil))
        }
      }
    }
  }

  private static func component(_ label: StateChange.Label, position: Int) -> StatePath.Component {
    switch label {
    case .none: .property(String(position))
    case .field(let name): .property(name)
    case .index(let index): .index(index)
    case .key(let key): ValueTree.pathComponent(forKey: key)
    }
  }
}
