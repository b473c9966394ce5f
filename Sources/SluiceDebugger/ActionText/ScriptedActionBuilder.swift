import Sluice

/// Builds actions of one type from parsed text with the builder `@Scriptable` generates
/// (``ScriptableAction/scriptAction(caseName:arguments:)``), the question of whether the type
/// has one answered once rather than by a dynamic cast for every action.
struct ScriptedActionBuilder<Action> {
  private let build: ((String, inout LiteralArguments) -> Action?)?

  init(for type: Action.Type) {
    guard let scriptable = type as? any ScriptableAction.Type else {
      build = nil
      return
    }
    build = Self.builder(scriptable)
  }

  /// The action `literal` spells, or `nil` when it is no case the builder makes exactly:
  /// the caller decodes it then.
  func action(from literal: ActionLiteral) -> Action? {
    guard let build, case .enumCase(let name, let arguments) = literal else { return nil }
    var reader = LiteralArguments(arguments ?? [])
    return build(name, &reader)
  }

  private static func builder<Provider: ScriptableAction>(
    _ provider: Provider.Type
  ) -> (String, inout LiteralArguments) -> Action? {
    { name, arguments in
      // `Provider` is `Action` itself, opened from the cast in `init`.
      Provider.scriptAction(caseName: name, arguments: &arguments).map { sameValue($0, as: Action.self) }
    }
  }
}
