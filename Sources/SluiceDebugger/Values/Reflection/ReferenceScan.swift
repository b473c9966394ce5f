/// Finds values with reference semantics (class instances) in a state, by reflection.
///
/// History keeps states by value and replays actions to recompute them; a class instance
/// that the reducer mutates in place is shared by every recorded state, so diffs miss its
/// changes and time travel shows a later value. The debugger warns about each such value
/// once, when a feature is loaded.
enum ReferenceScan {
  /// A class instance found in a value.
  struct Reference: Equatable {
    /// Where it is, as a state path (`cart.tally`, `items[0]`); empty for the root.
    let path: String
    /// Its type's name.
    let typeName: String
  }

  /// The class instances in `value`, outermost first, at most `limit` of them; the search
  /// stops at `maximumDepth` and does not descend into the instances it reports.
  static func references(in value: Any, limit: Int = 8, maximumDepth: Int = 16) -> [Reference] {
    var found: [Reference] = []
    scan(value, path: "", depth: 0, into: &found, limit: limit, maximumDepth: maximumDepth)
    return found
  }

  private static func scan(
    _ value: Any, path: String, depth: Int, into found: inout [Reference], limit: Int, maximumDepth: Int
  ) {
    guard found.count < limit, depth <= maximumDepth else { return }
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .class {
      found.append(Reference(path: path, typeName: TypeName.short(type(of: value))))
      return
    }
    switch mirror.displayStyle {
    case .collection?, .set?:
      for (offset, child) in mirror.children.enumerated() {
        scan(child.value, path: path + "[\(offset)]", depth: depth + 1, into: &found, limit: limit, maximumDepth: maximumDepth)
      }
    case .dictionary?:
      // Keys name nothing a path can reach reliably: report the dictionary's path.
      for child in mirror.children {
        scan(child.value, path: path, depth: depth + 1, into: &found, limit: limit, maximumDepth: maximumDepth)
      }
    case .optional?:
      if let wrapped = mirror.children.first {
        scan(wrapped.value, path: path, depth: depth + 1, into: &found, limit: limit, maximumDepth: maximumDepth)
      }
    default:
      for child in mirror.children {
        // A copy-on-write box is a class but has value semantics: scan what it wraps.
        let value = Reflection.field(child.label, child.value).value
        let label = child.label.map { $0.hasPrefix("_") ? String($0.dropFirst()) : $0 }
        let childPath = label.map { path.isEmpty ? $0 : path + "." + $0 } ?? path
        scan(value, path: childPath, depth: depth + 1, into: &found, limit: limit, maximumDepth: maximumDepth)
      }
    }
  }
}
