import Sluice

/// Help examples in the words of the feature being debugged: its own action cases, state
/// paths and name, and the other features registered, so `help break` in a user's debugger
/// shows `break checkout`, not an example feature's case. Commands that name none of these
/// keep their fixed example; those whose fixed example names Sluice's own example features
/// show none when the feature gives none (`help` and the manual page alike).
@MainActor
package enum FeatureExamples {
  /// The commands whose fixed examples in ``CommandTable/standard`` speak of Sluice's own
  /// example features (`send .add(title: "Milk")`, `use checkout`): where the feature being
  /// debugged gives no example of its own, a user's manual page shows none rather than those.
  private static let drawnFromFeatures: Set<String> = [
    "send", "state", "print", "log", "find", "break", "tbreak", "watch", "expect", "use", "save", "load", "source",
    "export",
  ]

  /// The example `help` and the manual page show for `word`: the feature's own, else the
  /// table's fixed one unless it names Sluice's example features; `nil` for none.
  package static func example(for word: CommandWord, in session: (any SessionInspection)?, features: [String]) -> String? {
    example(for: word.name, in: session, features: features) ?? (drawnFromFeatures.contains(word.name) ? nil : word.example)
  }

  /// The example for `command`, built from `session` and the registered `features`; `nil`
  /// to use the fixed one.
  private static func example(for command: String, in session: (any SessionInspection)?, features: [String]) -> String? {
    guard let session else { return nil }
    let cases = session.actionDescription?.cases ?? []
    // A case without parameters sends as is; otherwise its signature shows what it takes.
    let plain = cases.first { $0.parameters.isEmpty }
    let someCase = plain ?? cases.first
    let field = firstField(of: session)
    switch command {
    case "send":
      guard let someCase else {
        // Without a description of the actions, the last one sent is one that types back.
        return session.history(last: 1).first.map { "send " + $0.action }.flatMap { $0.count <= 60 ? $0 : nil }
      }
      return "send ." + (someCase.parameters.isEmpty ? someCase.name : someCase.signature)
    case "break":
      guard let someCase else { return nil }
      guard let (path, value) = field else { return "break \(someCase.name)" }
      return "break \(someCase.name) if \(path) == \(value)"
    case "tbreak":
      return (cases.last ?? someCase).map { "tbreak \($0.name)" }
    case "state", "print", "watch":
      return field.map { "\(command) \($0.path)" }
    case "log":
      return field.map { "log changed \($0.path)" }
    case "expect":
      return field.map { "expect \($0.path) == \($0.value)" }
    case "find":
      return field.map { "find \($0.path)" }
    case "use":
      return "use " + (features.first { $0 != session.featureName } ?? session.featureName)
    case "save", "load":
      return "\(command) \(session.featureName).sluice-session"
    case "source":
      return "source \(session.featureName).sluice"
    case "export":
      let name = TypeName.declarable(session.featureName)
      return "export test Tests/\(name)Tests/\(name)SessionTests.swift"
    case "condition":
      return field.map { "condition 1 \($0.path) == \($0.value)" }
    default:
      return nil
    }
  }

  /// The state's first field whose value prints on one short line, and that value: it
  /// types back, so `expect` with it holds right now.
  private static func firstField(of session: any SessionInspection) -> (path: String, value: String)? {
    guard case .structure(_, let fields)? = try? session.tree(at: "") else { return nil }
    for field in fields {
      guard let label = field.label else { continue }
      let value = field.value.compactDescription
      if value.count <= 40 { return (label, value) }
    }
    return fields.first?.label.map { ($0, "…") }
  }
}
