import Sluice

extension ActionDescription {
  /// Action text naming the case at `path` (see ``case(atPath:)``) with its argument labels
  /// and no values, as a completion or a suggestion shows it: `.increment`, `.setStep(_:)`,
  /// `.todo(.toggle(id:))`, `.row(action: .reset)`.
  ///
  /// `nil` when the path leads to no case, or passes through a case whose payload holds more
  /// than the nested action (`.element(id:action:)`), which no text without values can show.
  public func text(forCasePath path: [String]) -> String? {
    guard let first = path.first, let found = self.case(named: first) else { return nil }
    if path.count == 1 {
      return "." + found.fullName
    }
    guard found.parameters.count == 1, let parameter = found.parameters.first, let nested = parameter.nested,
      let inner = nested.text(forCasePath: Array(path.dropFirst()))
    else { return nil }
    let label = parameter.label.map { $0 + ": " } ?? ""
    return ".\(found.name)(\(label)\(inner))"
  }
}
