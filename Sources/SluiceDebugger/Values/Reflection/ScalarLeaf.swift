/// The commonest leaves (`Int`, `String`, `Bool`, `Double`), told apart by metatype: as trees
/// for code that has the value's type as a generic parameter (no `Any` box, no dynamic cast),
/// and compared with their own `==` when met as `Any` (no conformance lookup). The trees are
/// the ones `ValueTree(reflecting:)` builds for the same values.
enum ScalarLeaf {
  /// The tree of `value` when `Value` is one of the four types; `nil` for any other type.
  static func tree<Value>(of value: Value) -> ValueTree? {
    if Value.self == Int.self {
      return .scalar(typeName: intName, text: String(sameValue(value, as: Int.self)))
    }
    if Value.self == String.self {
      return .scalar(typeName: stringName, text: SwiftStringEscaping.quoted(sameValue(value, as: String.self)))
    }
    if Value.self == Bool.self {
      return .scalar(typeName: boolName, text: sameValue(value, as: Bool.self) ? "true" : "false")
    }
    if Value.self == Double.self {
      return .scalar(typeName: doubleName, text: sameValue(value, as: Double.self).description)
    }
    return nil
  }

  /// How two values of `type`, known only as `Any`, compare when `type` is one of the four:
  /// with the type's own `==`, and the trees of both when they differ; `nil` for any other
  /// type. Spares a leaf the `Equatable` conformance lookup.
  static func comparison(_ old: Any, _ new: Any, of type: Any.Type) -> Comparison? {
    // Each `as!` is checked by the metatype test before it.
    if type == Int.self { return comparison(old as! Int, new as! Int) }
    if type == String.self { return comparison(old as! String, new as! String) }
    if type == Bool.self { return comparison(old as! Bool, new as! Bool) }
    if type == Double.self { return comparison(old as! Double, new as! Double) }
    return nil
  }

  /// The outcome of ``comparison(_:_:of:)``.
  enum Comparison {
    case equal
    case differ(old: ValueTree, new: ValueTree)
  }

  private static func comparison<Value: Equatable>(_ old: Value, _ new: Value) -> Comparison? {
    guard old != new else { return .equal }
    guard let oldTree = tree(of: old), let newTree = tree(of: new) else { return nil }
    return .differ(old: oldTree, new: newTree)
  }

  // The names `TypeName.short` gives, looked up once rather than per leaf.
  private static let intName = TypeName.short(Int.self)
  private static let stringName = TypeName.short(String.self)
  private static let boolName = TypeName.short(Bool.self)
  private static let doubleName = TypeName.short(Double.self)
}
