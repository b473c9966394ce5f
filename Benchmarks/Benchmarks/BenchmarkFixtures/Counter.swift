import Sluice

/// The counter every dispatch benchmark sends to: the cheapest reducer that still reads its
/// action, so the figures measure the store rather than the feature.
package struct Counter: Reducer {
  package struct State: Codable, Equatable, Sendable {
    package var count = 0
    package var step = 1

    package init() {}
  }

  package enum Action: Codable, Equatable, Sendable {
    case increment
    case decrement
    case add(Int)
  }

  package init() {}

  package func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment: state.count &+= state.step
    case .decrement: state.count &-= state.step
    case .add(let amount): state.count &+= amount
    }
    return .none
  }

  /// The actions every dispatch benchmark sends, in order, over and over: varied, so
  /// neither the reducer nor the store can be specialised to a single case.
  package static let actions: [Action] = (0..<64).map { index in
    switch index % 3 {
    case 0: .increment
    case 1: .add(index)
    default: .decrement
    }
  }
}

/// What `@Scriptable` would generate: the case name without reflection, which the cycle
/// detector and the debugger ask for on every action. (The benchmarks leave out the macros,
/// whose release build would take longer than the benchmarks themselves.)
extension Counter.Action: CaseNameProviding {
  package var caseName: String {
    switch self {
    case .increment: "increment"
    case .decrement: "decrement"
    case .add: "add"
    }
  }
}

/// What `@Feature` would generate on the feature's state (it marks `State` `@Inspectable`):
/// the debugger's diff reads the fields directly rather than by reflection.
extension Counter.State: Inspectable {
  package static func visitFields<Visitor: FieldPairVisitor>(of old: Self, and new: Self, with visitor: inout Visitor) {
    visitor.visit("count", old.count, new.count)
    visitor.visit("step", old.step, new.step)
  }
}

/// What `@Scriptable` would generate (`Action` declares `Codable` and decodes the synthesised
/// way): its cases described, a builder that makes them from a script's text without a
/// decoder, and each value taken apart for its description without a mirror. Written by hand,
/// as the macros are left out here.
extension Counter.Action: ScriptableAction {
  package static var actionDescription: ActionDescription {
    ActionDescription(
      typeName: "Counter.Action",
      cases: [
        ActionCaseDescription(name: "increment"),
        ActionCaseDescription(name: "decrement"),
        ActionCaseDescription(
          name: "add",
          parameters: [ActionParameterDescription(label: nil, position: 0, typeName: "Int", valueType: (Int).self)]),
      ]
    )
  }

  package static func scriptAction(caseName: String, arguments: inout some ScriptArguments) -> Self? {
    switch caseName {
    case "increment":
      return arguments.isAtEnd ? .increment : nil
    case "decrement":
      return arguments.isAtEnd ? .decrement : nil
    case "add":
      guard let _0 = arguments.next(label: nil, as: (Int).self), arguments.isAtEnd else {
        return nil
      }
      return .add(_0)
    default:
      return nil
    }
  }

  package var scriptedCase: ActionCaseValue? {
    switch self {
    case .increment:
      ActionCaseValue(name: "increment", fields: [])
    case .decrement:
      ActionCaseValue(name: "decrement", fields: [])
    case .add(let _0):
      ActionCaseValue(name: "add", fields: [(nil, _0 as Any)])
    }
  }
}
