import MacroTesting
import Testing

@Suite(.macros(MacroSpecs.all))
struct FeatureMacroTests {
  @Test func aBodyGetsTheConformanceAndAForwardingReduce() {
    assertMacro {
      """
      @Feature
      public struct Counter {
        public struct State: Equatable, Sendable {
          public var count = 0
        }

        public enum Action: Equatable, Sendable {
          case increment
        }

        public var body: some Reducer<State, Action> {
          Reduce { state, action in
            state.count += 1
            return .none
          }
        }
      }
      """
    } expansion: {
      """
      public struct Counter {
        @SluiceMacroSupport.Inspectable
        public struct State: Equatable, Sendable {
          public var count = 0
        }
        @SluiceMacroSupport.Scriptable

        public enum Action: Equatable, Sendable {
          case increment
        }
        @Sluice.ReducerBuilder<State, Action>

        public var body: some Reducer<State, Action> {
          Reduce { state, action in
            state.count += 1
            return .none
          }
        }
      }

      extension Counter: Sluice.Reducer {
        /// Reduces with `body`, the reducer this feature is built from.
        public func reduce(into state: inout State, action: Action) -> Sluice.Effect<Action> {
          self.body.reduce(into: &state, action: action)
        }
      }
      """
    }
  }

  @Test func aReduceMethodGetsTheConformanceAlone() {
    assertMacro {
      """
      @Feature
      struct Counter {
        struct State {}
        enum Action {
          case increment
        }

        func reduce(into state: inout State, action: Action) -> Effect<Action> {
          .none
        }
      }
      """
    } expansion: {
      """
      struct Counter {
        @SluiceMacroSupport.Inspectable
        struct State {}
        @SluiceMacroSupport.Scriptable
        enum Action {
          case increment
        }

        func reduce(into state: inout State, action: Action) -> Effect<Action> {
          .none
        }
      }

      extension Counter: Sluice.Reducer {
      }
      """
    }
  }

  @Test func anActionAlreadyScriptableIsNotMarkedTwice() {
    assertMacro {
      """
      @Feature
      struct Counter {
        struct State {}
        @Scriptable
        enum Action {
          case increment
        }

        func reduce(into state: inout State, action: Action) -> Effect<Action> {
          .none
        }
      }
      """
    } expansion: {
      """
      struct Counter {
        @SluiceMacroSupport.Inspectable
        struct State {}
        enum Action {
          case increment

          /// The cases of `Counter.Action` in source order, for the debugger's completion and suggestions.
          static var actionDescription: Sluice.ActionDescription {
            Sluice.ActionDescription(
              typeName: "Counter.Action",
              cases: [
                Sluice.ActionCaseDescription(name: "increment"),
              ]
            )
          }

          /// The case's name without its payload, for the cycle detector and the debugger's history.
          var caseName: String {
            switch self {
            case .increment:
              "increment"
            }
          }

          /// This value's case and payload, for the debugger's descriptions without reflection.
          var scriptedCase: Sluice.ActionCaseValue? {
            switch self {
            case .increment:
              Sluice.ActionCaseValue(name: "increment", fields: [])
            }
          }
        }

        func reduce(into state: inout State, action: Action) -> Effect<Action> {
          .none
        }
      }

      extension Counter.Action: Sluice.ScriptableAction, Sluice.CaseNameProviding {
      }

      extension Counter: Sluice.Reducer {
      }
      """
    }
  }

  @Test func typeAliasesCountAsStateAndAction() {
    assertMacro {
      """
      @Feature
      struct Wrapper {
        typealias State = Counter.State
        typealias Action = Counter.Action

        var body: some Reducer<State, Action> {
          Counter()
        }
      }
      """
    } expansion: {
      """
      struct Wrapper {
        typealias State = Counter.State
        typealias Action = Counter.Action
        @Sluice.ReducerBuilder<State, Action>

        var body: some Reducer<State, Action> {
          Counter()
        }
      }

      extension Wrapper: Sluice.Reducer {
        /// Reduces with `body`, the reducer this feature is built from.
        func reduce(into state: inout State, action: Action) -> Sluice.Effect<Action> {
          self.body.reduce(into: &state, action: action)
        }
      }
      """
    }
  }

  @Test func aStateAlreadyInspectableIsNotMarkedTwice() {
    assertMacro {
      """
      @Feature
      struct Counter {
        @Inspectable
        struct State {}
        @Scriptable
        enum Action {}

        func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
      }
      """
    } expansion: {
      """
      struct Counter {
        struct State {}
        enum Action {

          /// The cases of `Counter.Action` in source order, for the debugger's completion and suggestions.
          static var actionDescription: Sluice.ActionDescription {
            Sluice.ActionDescription(
              typeName: "Counter.Action",
              cases: []
            )
          }

          /// The case's name without its payload, for the cycle detector and the debugger's history.
          var caseName: String {
            switch self {
            }
          }

          /// This value's case and payload, for the debugger's descriptions without reflection.
          var scriptedCase: Sluice.ActionCaseValue? {
            switch self {
            }
          }
      }

        func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
      }

      extension Counter.State: Sluice.Inspectable {
        /// Hands `visitor` each stored property of `old` and `new`, in declaration order.
        static func visitFields<Visitor: Sluice.FieldPairVisitor>(of old: Self, and new: Self, with visitor: inout Visitor) {
        }
      }

      extension Counter.Action: Sluice.ScriptableAction, Sluice.CaseNameProviding {
      }

      extension Counter: Sluice.Reducer {
      }
      """
    }
  }

  @Test(.macros(MacroSpecs.alreadyConforming))
  func aFeatureAlreadyAReducerGetsOnlyTheForwardingReduce() {
    assertMacro {
      """
      @Feature
      struct Counter: Reducer {
        struct State {}
        enum Action {}

        var body: some Reducer<State, Action> {
          EmptyReducer()
        }
      }
      """
    } expansion: {
      """
      struct Counter: Reducer {
        @SluiceMacroSupport.Inspectable
        struct State {}
        @SluiceMacroSupport.Scriptable
        enum Action {}
        @Sluice.ReducerBuilder<State, Action>

        var body: some Reducer<State, Action> {
          EmptyReducer()
        }
      }

      extension Counter {
        /// Reduces with `body`, the reducer this feature is built from.
        func reduce(into state: inout State, action: Action) -> Sluice.Effect<Action> {
          self.body.reduce(into: &state, action: action)
        }
      }
      """
    }
  }
}

@Suite(.macros(MacroSpecs.all))
struct FeatureBodyTests {
  @Test func aBodyListingReducersBecomesABuilder() {
    assertMacro {
      """
      @Feature
      struct Parent {
        struct State {}
        enum Action {
          case child(Child.Action)
        }

        var body: some Reducer<State, Action> {
          Scope(state: \\.child, action: Action.childCase) { Child() }
          Reduce { state, action in .none }
        }
      }
      """
    } expansion: {
      #"""
      struct Parent {
        @SluiceMacroSupport.Inspectable
        struct State {}
        @SluiceMacroSupport.Scriptable
        enum Action {
          case child(Child.Action)
        }
        @Sluice.ReducerBuilder<State, Action>

        var body: some Reducer<State, Action> {
          Scope(state: \.child, action: Action.childCase) { Child() }
          Reduce { state, action in .none }
        }
      }

      extension Parent: Sluice.Reducer {
        /// Reduces with `body`, the reducer this feature is built from.
        func reduce(into state: inout State, action: Action) -> Sluice.Effect<Action> {
          self.body.reduce(into: &state, action: action)
        }
      }
      """#
    }
  }

  @Test func aBodyThatReturnsOrIsABuilderAlreadyIsLeftAlone() {
    assertMacro {
      """
      @Feature
      struct Parent {
        struct State {}
        enum Action {}

        var body: some Reducer<State, Action> {
          return EmptyReducer()
        }
      }

      @Feature
      struct Other {
        struct State {}
        enum Action {}

        @ReducerBuilder<State, Action>
        var body: some Reducer<State, Action> {
          EmptyReducer()
        }
      }
      """
    } expansion: {
      """
      struct Parent {
        @SluiceMacroSupport.Inspectable
        struct State {}
        @SluiceMacroSupport.Scriptable
        enum Action {}

        var body: some Reducer<State, Action> {
          return EmptyReducer()
        }
      }
      struct Other {
        @SluiceMacroSupport.Inspectable
        struct State {}
        @SluiceMacroSupport.Scriptable
        enum Action {}

        @ReducerBuilder<State, Action>
        var body: some Reducer<State, Action> {
          EmptyReducer()
        }
      }

      extension Parent: Sluice.Reducer {
        /// Reduces with `body`, the reducer this feature is built from.
        func reduce(into state: inout State, action: Action) -> Sluice.Effect<Action> {
          self.body.reduce(into: &state, action: action)
        }
      }

      extension Other: Sluice.Reducer {
        /// Reduces with `body`, the reducer this feature is built from.
        func reduce(into state: inout State, action: Action) -> Sluice.Effect<Action> {
          self.body.reduce(into: &state, action: action)
        }
      }
      """
    }
  }
}
