import SluiceMacroSupport

/// A parent feature: its actions wrap `Tally`'s, so descriptions and case names nest.
@Feature
struct Board {
  struct State: Equatable, Sendable, Codable {
    var tally = Tally.State()
    var selected: Int?
    var mode = Mode.view
  }

  /// A sibling of `Action`: `case setMode(Mode)` names it as only the enum's own scope can.
  enum Mode: Equatable, Sendable, Codable {
    case view, edit
  }

  enum Action: Equatable, Sendable, Codable {
    /// An action for the tally.
    case tally(Tally.Action)
    /// An action for one row's tally.
    case row(id: Int, action: Tally.Action)
    case select(Int?)
    case setMode(Mode)

    static let tallyCase = EnumCase<Action, Tally.Action>(embed: Action.tally) {
      if case .tally(let action) = $0 { action } else { nil }
    }
  }

  var body: some Reducer<State, Action> {
    Scope(state: \.tally, action: Action.tallyCase) { Tally() }
    Reduce { state, action in
      switch action {
      case .select(let row): state.selected = row
      case .setMode(let mode): state.mode = mode
      case .tally, .row: break
      }
      return .none
    }
  }
}

/// Generic actions: the link to a nested description is made at run time, per `Child`.
@Scriptable
enum Wrapped<Child: Sendable>: Sendable {
  case child(Child)
  case nothing
}

/// Actions that contain themselves, for walks that must end.
@Scriptable
indirect enum Script: Sendable {
  case step(Tally.Action)
  case twice(Script)
}

/// Actions that never asked for the macro.
enum Plain: Sendable {
  case go
}
