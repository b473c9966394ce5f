import Sluice

extension ActionDescription {
  /// The case at the end of a path of case names, following nested action enums:
  /// `["todo", "toggle"]` is `toggle` in the `Todos.Action` that `case todo(Todos.Action)` wraps.
  ///
  /// Each step goes into the case's ``Sluice/ActionCaseDescription/nested`` description. `nil` when a
  /// name is unknown, a case wraps no scriptable enum, or the path is empty.
  public func `case`(atPath path: [String]) -> ActionCaseDescription? {
    guard let first = path.first, let found = self.case(named: first) else { return nil }
    if path.count == 1 {
      return found
    }
    return found.nested?.case(atPath: Array(path.dropFirst()))
  }

  /// The description of the enum found by following a coding path as `Codable` writes it:
  /// case names alternating with parameter keys. `[]` is this enum; `["todo", "_0"]` is the
  /// enum wrapped by `case todo(Todos.Action)`; `["element", "action"]` the one in
  /// `case element(id: Int, action: Row.Action)`.
  ///
  /// `nil` when the path leads anywhere else (an unknown case or key, a parameter that is not
  /// a ``Sluice/ScriptableAction``, or a path ending at a case name).
  public func description(atCodingPath codingPath: [String]) -> ActionDescription? {
    var current = self
    var keys = codingPath[...]
    while let caseName = keys.popFirst() {
      guard let key = keys.popFirst(),
        let nested = current.case(named: caseName)?.parameter(forCodingKey: key)?.nested
      else { return nil }
      current = nested
    }
    return current
  }

  /// The case named by the last key of a coding path whose keys before it lead to an enum
  /// (see ``description(atCodingPath:)``): `["add"]` is `add`; `["todo", "_0", "toggle"]`
  /// is `toggle` in the wrapped enum.
  public func `case`(atCodingPath codingPath: [String]) -> ActionCaseDescription? {
    guard let name = codingPath.last else { return nil }
    return description(atCodingPath: Array(codingPath.dropLast()))?.case(named: name)
  }

  /// Every case reachable from this enum as a path of case names, depth first in source order:
  /// `["add"], ["todo"], ["todo", "toggle"], ["todo", "delete"], ["load"]`.
  ///
  /// A nested enum already being walked is not entered again, so recursive actions end.
  public var allCasePaths: [[String]] {
    var paths: [[String]] = []
    collectCasePaths(prefix: [], entered: [], into: &paths)
    return paths
  }

  private func collectCasePaths(prefix: [String], entered: Set<ObjectIdentifier>, into paths: inout [[String]]) {
    for description in cases {
      let path = prefix + [description.name]
      paths.append(path)
      // Like `ActionCaseDescription.nested`: the first parameter that is a scriptable enum.
      for parameter in description.parameters {
        guard let nested = parameter.nested else { continue }
        let type = ObjectIdentifier(parameter.valueType)
        if !entered.contains(type) {
          nested.collectCasePaths(prefix: path, entered: entered.union([type]), into: &paths)
        }
        break
      }
    }
  }
}
