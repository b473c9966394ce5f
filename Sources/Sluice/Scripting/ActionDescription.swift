/// What an action enum offers a person typing actions: its cases, in source order.
///
/// `@Scriptable` generates one per enum (see ``ScriptableAction``). Cases whose payload is
/// itself a ``ScriptableAction`` link to its description (``ActionParameterDescription/nested``),
/// so a shell can follow `.todo(.toggle(id:))` down the tree.
public struct ActionDescription: Sendable, Equatable {
  /// The enum's name as written where the macro was applied: `Action`, `Todos.Action`.
  public let typeName: String
  /// Every case, in the order the source declares them.
  public let cases: [ActionCaseDescription]

  /// Describes an enum.
  public init(typeName: String, cases: [ActionCaseDescription]) {
    self.typeName = typeName
    self.cases = cases
  }

  /// The cases' names, in source order: `["increment", "setStep"]`.
  public var caseNames: [String] {
    cases.map(\.name)
  }

  /// The case called `name` (without a leading dot), if there is one.
  public func `case`(named name: String) -> ActionCaseDescription? {
    cases.first { $0.name == name }
  }
}
