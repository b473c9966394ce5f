import MacroTesting
import Testing

@Suite(.macros(MacroSpecs.all))
struct FeatureDiagnosticTests {
  @Test func aMissingStateIsAddedByTheFixIt() {
    assertMacro {
      """
      @Feature
      struct Counter {
        enum Action {}

        func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
      }
      """
    } diagnostics: {
      """
      @Feature
      struct Counter {
             ┬──────
             ╰─ 🛑 @Feature needs a 'State' type declared inside 'Counter'
                ✏️ add 'struct State'
        enum Action {}

        func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
      }
      """
    } fixes: {
      """
      @Feature
      struct Counter {
        struct State: Equatable, Sendable {}
        enum Action {}

        func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
      }
      """
    } expansion: {
      """
      struct Counter {
        @SluiceMacroSupport.Inspectable
        struct State: Equatable, Sendable {}
        @SluiceMacroSupport.Scriptable
        enum Action {}

        func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
      }

      extension Counter: Sluice.Reducer {
      }
      """
    }
  }

  @Test func aMissingActionIsAddedByTheFixIt() {
    assertMacro {
      """
      @Feature
      struct Counter {
        struct State {}

        func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
      }
      """
    } diagnostics: {
      """
      @Feature
      struct Counter {
             ┬──────
             ╰─ 🛑 @Feature needs an 'Action' enum declared inside 'Counter'
                ✏️ add 'enum Action'
        struct State {}

        func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
      }
      """
    } fixes: {
      """
      @Feature
      struct Counter {
        struct State {}
        enum Action: Equatable, Sendable {}

        func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
      }
      """
    } expansion: {
      """
      struct Counter {
        @SluiceMacroSupport.Inspectable
        struct State {}
        @SluiceMacroSupport.Scriptable
        enum Action: Equatable, Sendable {}

        func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
      }

      extension Counter: Sluice.Reducer {
      }
      """
    }
  }

  @Test func anEmptyStructMissesEverything() {
    assertMacro {
      """
      @Feature
      struct Counter {}
      """
    } diagnostics: {
      """
      @Feature
      struct Counter {}
             ┬──────
             ├─ 🛑 @Feature needs a 'State' type declared inside 'Counter'
             │  ✏️ add 'struct State'
             ├─ 🛑 @Feature needs an 'Action' enum declared inside 'Counter'
             │  ✏️ add 'enum Action'
             ╰─ 🛑 @Feature needs a reducer in 'Counter': 'var body: some Reducer<State, Action>' or 'func reduce(into:action:)'
                ✏️ add 'var body'
      """
    } fixes: {
      """
      @Feature
      struct Counter {
        struct State: Equatable, Sendable {}

        enum Action: Equatable, Sendable {}

        var body: some Reducer<State, Action> {
          Reduce { state, action in
            .none
          }
        }
      }
      """
    } expansion: {
      """
      struct Counter {
        @SluiceMacroSupport.Inspectable
        struct State: Equatable, Sendable {}
        @SluiceMacroSupport.Scriptable

        enum Action: Equatable, Sendable {}
        @Sluice.ReducerBuilder<State, Action>

        var body: some Reducer<State, Action> {
          Reduce { state, action in
            .none
          }
        }
      }

      extension Counter: Sluice.Reducer {
        /// Reduces with `body`, the reducer this feature is built from.
        func reduce(into state: inout State, action: Action) -> Sluice.Effect<Action> {
          self.body.reduce(into: &state, action: action)
        }
      }
      """
    }
  }

  @Test func anActionStructMustBeAnEnum() {
    assertMacro {
      """
      @Feature
      struct Counter {
        struct State {}
        struct Action {
          var amount: Int
        }

        func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
      }
      """
    } diagnostics: {
      """
      @Feature
      struct Counter {
        struct State {}
        struct Action {
        ┬─────
        ╰─ 🛑 'Action' must be an enum: @Feature describes its cases to the debugger
           ✏️ make 'Action' an enum
          var amount: Int
        }

        func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
      }
      """
    } fixes: {
      """
      @Feature
      struct Counter {
        struct State {}
        enum Action {
          var amount: Int
        }

        func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
      }
      """
    } expansion: {
      """
      struct Counter {
        @SluiceMacroSupport.Inspectable
        struct State {}
        @SluiceMacroSupport.Scriptable
        enum Action {
          var amount: Int
        }

        func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
      }

      extension Counter: Sluice.Reducer {
      }
      """
    }
  }

  @Test func anActionClassMustBeAnEnum() {
    assertMacro {
      """
      @Feature
      struct Counter {
        struct State {}
        final class Action {}

        func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
      }
      """
    } diagnostics: {
      """
      @Feature
      struct Counter {
        struct State {}
        final class Action {}
              ┬────
              ╰─ 🛑 'Action' must be an enum: @Feature describes its cases to the debugger
                 ✏️ make 'Action' an enum

        func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
      }
      """
    } fixes: {
      """
      @Feature
      struct Counter {
        struct State {}
        enum Action {}

        func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
      }
      """
    } expansion: {
      """
      struct Counter {
        @SluiceMacroSupport.Inspectable
        struct State {}
        @SluiceMacroSupport.Scriptable
        enum Action {}

        func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
      }

      extension Counter: Sluice.Reducer {
      }
      """
    }
  }

  @Test func aMissingReducerGetsABodyStub() {
    assertMacro {
      """
      @Feature
      struct Counter {
        struct State {}
        enum Action {}
      }
      """
    } diagnostics: {
      """
      @Feature
      struct Counter {
             ┬──────
             ╰─ 🛑 @Feature needs a reducer in 'Counter': 'var body: some Reducer<State, Action>' or 'func reduce(into:action:)'
                ✏️ add 'var body'
        struct State {}
        enum Action {}
      }
      """
    } fixes: {
      """
      @Feature
      struct Counter {
        struct State {}
        enum Action {}

        var body: some Reducer<State, Action> {
          Reduce { state, action in
            .none
          }
        }
      }
      """
    } expansion: {
      """
      struct Counter {
        @SluiceMacroSupport.Inspectable
        struct State {}
        @SluiceMacroSupport.Scriptable
        enum Action {}
        @Sluice.ReducerBuilder<State, Action>

        var body: some Reducer<State, Action> {
          Reduce { state, action in
            .none
          }
        }
      }

      extension Counter: Sluice.Reducer {
        /// Reduces with `body`, the reducer this feature is built from.
        func reduce(into state: inout State, action: Action) -> Sluice.Effect<Action> {
          self.body.reduce(into: &state, action: action)
        }
      }
      """
    }
  }

  @Test func aBodyAndAReduceMethodAreTheReducerWrittenTwice() {
    assertMacro {
      """
      @Feature
      struct Counter {
        struct State {}
        enum Action {}

        var body: some Reducer<State, Action> {
          EmptyReducer()
        }

        /// Also reduces.
        func reduce(into state: inout State, action: Action) -> Effect<Action> {
          .none
        }
      }
      """
    } diagnostics: {
      """
      @Feature
      struct Counter {
        struct State {}
        enum Action {}

        var body: some Reducer<State, Action> {
          EmptyReducer()
        }

        /// Also reduces.
        func reduce(into state: inout State, action: Action) -> Effect<Action> {
             ┬─────
             ╰─ 🛑 'Counter' writes its reducer twice, as 'body' and as 'reduce(into:action:)'; @Feature forwards 'reduce' to 'body', so keep one
                ✏️ remove 'reduce(into:action:)'
                ✏️ remove 'body'
          .none
        }
      }
      """
    } fixes: {
      """
      @Feature
      struct Counter {
        struct State {}
        enum Action {}
      }
      """
    }
  }

  @Test func twoBodiesAreTheReducerWrittenTwice() {
    assertMacro {
      """
      @Feature
      struct Counter {
        struct State {}
        enum Action {}

        var body: some Reducer<State, Action> {
          EmptyReducer()
        }

        var body: some Reducer<State, Action> {
          EmptyReducer()
        }
      }
      """
    } diagnostics: {
      """
      @Feature
      struct Counter {
        struct State {}
        enum Action {}

        var body: some Reducer<State, Action> {
          EmptyReducer()
        }

        var body: some Reducer<State, Action> {
            ┬───
            ╰─ 🛑 'Counter' writes its reducer twice: 'body' is declared again here; keep one
               ✏️ remove this 'body'
          EmptyReducer()
        }
      }
      """
    } fixes: {
      """
      @Feature
      struct Counter {
        struct State {}
        enum Action {}

        var body: some Reducer<State, Action> {
          EmptyReducer()
        }
      }
      """
    } expansion: {
      """
      struct Counter {
        @SluiceMacroSupport.Inspectable
        struct State {}
        @SluiceMacroSupport.Scriptable
        enum Action {}
        @Sluice.ReducerBuilder<State, Action>

        var body: some Reducer<State, Action> {
          EmptyReducer()
        }
      }

      extension Counter: Sluice.Reducer {
        /// Reduces with `body`, the reducer this feature is built from.
        func reduce(into state: inout State, action: Action) -> Sluice.Effect<Action> {
          self.body.reduce(into: &state, action: action)
        }
      }
      """
    }
  }

  @Test func twoReduceMethodsAreTheReducerWrittenTwice() {
    assertMacro {
      """
      @Feature
      struct Counter {
        struct State {}
        enum Action {}

        func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
        func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
      }
      """
    } diagnostics: {
      """
      @Feature
      struct Counter {
        struct State {}
        enum Action {}

        func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
        func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
             ┬─────
             ╰─ 🛑 'Counter' writes its reducer twice: 'reduce(into:action:)' is declared again here; keep one
                ✏️ remove this 'reduce(into:action:)'
      }
      """
    } fixes: {
      """
      @Feature
      struct Counter {
        struct State {}
        enum Action {}

        func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
      }
      """
    } expansion: {
      """
      struct Counter {
        @SluiceMacroSupport.Inspectable
        struct State {}
        @SluiceMacroSupport.Scriptable
        enum Action {}

        func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
      }

      extension Counter: Sluice.Reducer {
      }
      """
    }
  }

  @Test func aClassIsRejectedWithAFixItToMakeItAStruct() {
    assertMacro {
      """
      @Feature
      final class Counter {
        struct State {}
        enum Action {}

        func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
      }
      """
    } diagnostics: {
      """
      @Feature
      final class Counter {
            ┬────
            ╰─ 🛑 @Feature applies to a struct holding 'State', 'Action' and a reducer, not to a class
               ✏️ make 'Counter' a struct
        struct State {}
        enum Action {}

        func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
      }
      """
    } fixes: {
      """
      @Feature
      struct Counter {
        struct State {}
        enum Action {}

        func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
      }
      """
    } expansion: {
      """
      struct Counter {
        @SluiceMacroSupport.Inspectable
        struct State {}
        @SluiceMacroSupport.Scriptable
        enum Action {}

        func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
      }

      extension Counter: Sluice.Reducer {
      }
      """
    }
  }

  @Test func anOpenClassBecomesAPublicStruct() {
    assertMacro {
      """
      @Feature
      open class Counter {
        public struct State {}
        public enum Action {}

        public func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
      }
      """
    } diagnostics: {
      """
      @Feature
      open class Counter {
           ┬────
           ╰─ 🛑 @Feature applies to a struct holding 'State', 'Action' and a reducer, not to a class
              ✏️ make 'Counter' a struct
        public struct State {}
        public enum Action {}

        public func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
      }
      """
    } fixes: {
      """
      @Feature
      public struct Counter {
        public struct State {}
        public enum Action {}

        public func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
      }
      """
    } expansion: {
      """
      public struct Counter {
        @SluiceMacroSupport.Inspectable
        public struct State {}
        @SluiceMacroSupport.Scriptable
        public enum Action {}

        public func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
      }

      extension Counter: Sluice.Reducer {
      }
      """
    }
  }

  @Test func anEnumIsRejected() {
    assertMacro {
      """
      @Feature
      enum Counter {
        case a
      }
      """
    } diagnostics: {
      """
      @Feature
      enum Counter {
      ┬───
      ╰─ 🛑 @Feature applies to a struct holding 'State', 'Action' and a reducer, not to an enum
         ✏️ make 'Counter' a struct
        case a
      }
      """
    } fixes: {
      """
      @Feature
      struct Counter {
        case a
      }
      """
    }
  }
}
