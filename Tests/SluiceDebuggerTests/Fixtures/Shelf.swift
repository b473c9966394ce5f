import ExampleFeatures
import SluiceDebugger
import SluiceMacroSupport

/// A feature whose actions wrap the example counter's, for suggestions that reach into
/// nested actions.
@Feature
struct Shelf {
  struct State: Codable, Equatable, Sendable {
    var counter = Counter.State()
    var title = ""
  }

  enum Action: Codable, Equatable, Sendable {
    /// An action for the counter on the shelf.
    case counter(Counter.Action)
    /// Renames the shelf.
    case rename(title: String, note: String = "")

    static let counterCase = EnumCase<Action, Counter.Action>(embed: Action.counter) {
      if case .counter(let action) = $0 { action } else { nil }
    }
  }

  var body: some Reducer<State, Action> {
    Scope(state: \.counter, action: Action.counterCase) { Counter() }
    Reduce { state, action in
      if case .rename(let title, _) = action {
        state.title = title
      }
      return .none
    }
  }
}

/// `Shelf` registered for the debugger. The registry's `Feature` type and the `@Feature` macro
/// live side by side in this file: one is called, the other is an attribute.
let shelfRegistry = FeatureRegistry([
  Feature("shelf", summary: "A counter on a shelf", initialState: Shelf.State()) { _ in Shelf() }
])
