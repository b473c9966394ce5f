import SluiceDebugger
import SluiceMacroSupport

/// One copy of a value: applying a value announces the change.
@Feature
struct Replica {
  struct State: Codable, Equatable, Sendable {
    var value = 0
  }

  enum Action: Codable, Equatable, Sendable {
    /// Takes a value, and announces it.
    case apply(Int)
    /// The value changed (the parent forwards it).
    case changed(Int)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .apply(let value):
      state.value = value
      return .send(.changed(value))
    case .changed:
      return .none
    }
  }
}

/// Two replicas that echo each other: every change of one is applied to the other, which
/// announces it back, forever. The loop `.primary.apply → .primary.changed → .replica.apply
/// → .replica.changed → .primary.apply` goes through nested cases of four names.
@Feature
struct EchoingReplicas {
  struct State: Codable, Equatable, Sendable {
    var primary = Replica.State()
    var replica = Replica.State()
  }

  enum Action: Codable, Equatable, Sendable {
    case primary(Replica.Action)
    case replica(Replica.Action)

    static let primaryCase = EnumCase<Action, Replica.Action>(embed: Action.primary) {
      if case .primary(let action) = $0 { action } else { nil }
    }
    static let replicaCase = EnumCase<Action, Replica.Action>(embed: Action.replica) {
      if case .replica(let action) = $0 { action } else { nil }
    }
  }

  var body: some Reducer<State, Action> {
    Scope(state: \.primary, action: Action.primaryCase) { Replica() }
    Scope(state: \.replica, action: Action.replicaCase) { Replica() }
    Reduce { _, action in
      switch action {
      case .primary(.changed(let value)): .send(.replica(.apply(value)))
      case .replica(.changed(let value)): .send(.primary(.apply(value)))
      default: .none
      }
    }
  }
}

/// `EchoingReplicas` registered for the debugger.
let replicasRegistry = FeatureRegistry([
  Feature("replicas", summary: "Two replicas that echo each other", initialState: EchoingReplicas.State()) { _ in
    EchoingReplicas()
  }
])
