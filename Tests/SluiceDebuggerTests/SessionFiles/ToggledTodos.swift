import ExampleFeatures
import ExampleRegistry
import Sluice
import SluiceDebugger
import Testing

/// A session whose load diverges at a known entry: Todos with 400 items then 60 toggles,
/// loaded into the same feature changed to ignore toggling item 37 (entry #38).
@MainActor
enum ToggledTodos {
  /// Saves the session to `path`.
  static func save(to path: String) throws {
    let original = try makeDebugger().use("todos")
    let items = (1...400).map { "(id: \($0), title: \"item \($0)\", isDone: false)" }.joined(separator: ", ")
    original.running.type(".loadResponse([\(items)])")
    for id in 1...60 { original.running.type(".toggle(id: \(id))") }
    try original.files.save(to: path)
  }

  /// A session of the changed feature, to load the file into.
  static func changedSession() throws -> any DebugSession {
    let debugger = Debugger(
      registry: FeatureRegistry([
        Feature("todos", summary: "changed", initialState: ExampleFeatures.Todos.State()) { _ in
          Reduce<ExampleFeatures.Todos.State, ExampleFeatures.Todos.Action> { state, action in
            if case .toggle(id: 37) = action { return .none }
            return ExampleFeatures.Todos().reduce(into: &state, action: action)
          }
        }
      ]),
      options: .forTests(usesVirtualClock: true))
    return try debugger.use("todos")
  }
}
