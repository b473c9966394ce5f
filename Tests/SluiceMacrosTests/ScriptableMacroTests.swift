import MacroTesting
import Testing

@Suite(.macros(MacroSpecs.all))
struct ScriptableMacroTests {
  @Test func casesWithoutPayloadKeepTheirOrderAndDocComments() {
    assertMacro {
      #"""
      @Scriptable
      enum Action {
        /// Adds `step` to the count.
        case increment
        // Not documentation.
        case decrement
        /**
         * Sets the count back to zero,
         * keeping the step.
         */
        case reset
        /// Shared by both.
        case start, stop
      }
      """#
    } expansion: {
      #"""
      enum Action {
        /// Adds `step` to the count.
        case increment
        // Not documentation.
        case decrement
        /**
         * Sets the count back to zero,
         * keeping the step.
         */
        case reset
        /// Shared by both.
        case start, stop

        /// The cases of `Action` in source order, for the debugger's completion and suggestions.
        static var actionDescription: Sluice.ActionDescription {
          Sluice.ActionDescription(
            typeName: "Action",
            cases: [
              Sluice.ActionCaseDescription(name: "increment", documentation: "Adds `step` to the count."),
              Sluice.ActionCaseDescription(name: "decrement"),
              Sluice.ActionCaseDescription(name: "reset", documentation: "Sets the count back to zero,\nkeeping the step."),
              Sluice.ActionCaseDescription(name: "start", documentation: "Shared by both."),
              Sluice.ActionCaseDescription(name: "stop", documentation: "Shared by both."),
            ]
          )
        }

        /// The case's name without its payload, for the cycle detector and the debugger's history.
        var caseName: String {
          switch self {
          case .increment:
            "increment"
          case .decrement:
            "decrement"
          case .reset:
            "reset"
          case .start:
            "start"
          case .stop:
            "stop"
          }
        }

        /// This value's case and payload, for the debugger's descriptions without reflection.
        var scriptedCase: Sluice.ActionCaseValue? {
          switch self {
          case .increment:
            Sluice.ActionCaseValue(name: "increment", fields: [])
          case .decrement:
            Sluice.ActionCaseValue(name: "decrement", fields: [])
          case .reset:
            Sluice.ActionCaseValue(name: "reset", fields: [])
          case .start:
            Sluice.ActionCaseValue(name: "start", fields: [])
          case .stop:
            Sluice.ActionCaseValue(name: "stop", fields: [])
          }
        }
      }

      extension Action: Sluice.ScriptableAction, Sluice.CaseNameProviding {
      }
      """#
    }
  }

  @Test func parametersKeepLabelsPositionsTypesAndDefaults() {
    assertMacro {
      """
      @Scriptable
      enum Action {
        case setStep(Int)
        case add(title: String, priority: Int = 0)
        case move(_ from: Int, to: Int)
        case set([String: Int], note: String? = nil)
        case todo(Todos.Action)
        case run(@Sendable () -> Void)
      }
      """
    } expansion: {
      """
      enum Action {
        case setStep(Int)
        case add(title: String, priority: Int = 0)
        case move(_ from: Int, to: Int)
        case set([String: Int], note: String? = nil)
        case todo(Todos.Action)
        case run(@Sendable () -> Void)

        /// The cases of `Action` in source order, for the debugger's completion and suggestions.
        static var actionDescription: Sluice.ActionDescription {
          Sluice.ActionDescription(
            typeName: "Action",
            cases: [
              Sluice.ActionCaseDescription(
                name: "setStep",
                parameters: [
                  Sluice.ActionParameterDescription(label: nil, position: 0, typeName: "Int", valueType: (Int).self),
                ]
              ),
              Sluice.ActionCaseDescription(
                name: "add",
                parameters: [
                  Sluice.ActionParameterDescription(label: "title", position: 0, typeName: "String", valueType: (String).self),
                  Sluice.ActionParameterDescription(label: "priority", position: 1, typeName: "Int", defaultValue: "0", valueType: (Int).self),
                ]
              ),
              Sluice.ActionCaseDescription(
                name: "move",
                parameters: [
                  Sluice.ActionParameterDescription(label: nil, position: 0, typeName: "Int", valueType: (Int).self),
                  Sluice.ActionParameterDescription(label: "to", position: 1, typeName: "Int", valueType: (Int).self),
                ]
              ),
              Sluice.ActionCaseDescription(
                name: "set",
                parameters: [
                  Sluice.ActionParameterDescription(label: nil, position: 0, typeName: "[String: Int]", valueType: ([String: Int]).self),
                  Sluice.ActionParameterDescription(label: "note", position: 1, typeName: "String?", defaultValue: "nil", valueType: (String?).self),
                ]
              ),
              Sluice.ActionCaseDescription(
                name: "todo",
                parameters: [
                  Sluice.ActionParameterDescription(label: nil, position: 0, typeName: "Todos.Action", valueType: (Todos.Action).self),
                ]
              ),
              Sluice.ActionCaseDescription(
                name: "run",
                parameters: [
                  Sluice.ActionParameterDescription(label: nil, position: 0, typeName: "@Sendable () -> Void", valueType: (@Sendable () -> Void).self),
                ]
              ),
            ]
          )
        }

        /// The case's name without its payload, for the cycle detector and the debugger's history.
        var caseName: String {
          switch self {
          case .setStep(let payload):
            Sluice._ScriptableExpansion.caseName("setStep", payload: payload)
          case .add:
            "add"
          case .move:
            "move"
          case .set:
            "set"
          case .todo(let payload):
            Sluice._ScriptableExpansion.caseName("todo", payload: payload)
          case .run(let payload):
            Sluice._ScriptableExpansion.caseName("run", payload: payload)
          }
        }

        /// This value's case and payload, for the debugger's descriptions without reflection.
        var scriptedCase: Sluice.ActionCaseValue? {
          switch self {
          case .setStep(let _0):
            Sluice.ActionCaseValue(name: "setStep", fields: [(nil, _0 as Any)])
          case .add(let _0, let _1):
            Sluice.ActionCaseValue(name: "add", fields: [("title", _0 as Any), ("priority", _1 as Any)])
          case .move(let _0, let _1):
            Sluice.ActionCaseValue(name: "move", fields: [(nil, _0 as Any), ("to", _1 as Any)])
          case .set(let _0, let _1):
            Sluice.ActionCaseValue(name: "set", fields: [(nil, _0 as Any), ("note", _1 as Any)])
          case .todo(let _0):
            Sluice.ActionCaseValue(name: "todo", fields: [(nil, _0 as Any)])
          case .run(let _0):
            Sluice.ActionCaseValue(name: "run", fields: [(nil, _0 as Any)])
          }
        }

        /// The `setStep` case and its `Int`, for `Scope`: embeds the payload and extracts it.
        static var setStepCase: Sluice.EnumCase<Self, Int> {
          Sluice.EnumCase(embed: {
              Self.setStep($0)
            }) {
            if case .setStep(let payload) = $0 {
              payload
            } else {
              nil
            }
          }
        }

        /// The `todo` case and its `Todos.Action`, for `Scope`: embeds the payload and extracts it.
        static var todoCase: Sluice.EnumCase<Self, Todos.Action> {
          Sluice.EnumCase(embed: {
              Self.todo($0)
            }) {
            if case .todo(let payload) = $0 {
              payload
            } else {
              nil
            }
          }
        }

        /// The `run` case and its `@Sendable () -> Void`, for `Scope`: embeds the payload and extracts it.
        static var runCase: Sluice.EnumCase<Self, @Sendable () -> Void> {
          Sluice.EnumCase(embed: {
              Self.run($0)
            }) {
            if case .run(let payload) = $0 {
              payload
            } else {
              nil
            }
          }
        }
      }

      extension Action: Sluice.ScriptableAction, Sluice.CaseNameProviding {
      }
      """
    }
  }

  @Test func aPublicEnumGetsPublicMembers() {
    assertMacro {
      """
      @Scriptable
      public enum Action {
        case load
      }
      """
    } expansion: {
      """
      public enum Action {
        case load

        /// The cases of `Action` in source order, for the debugger's completion and suggestions.
        public static var actionDescription: Sluice.ActionDescription {
          Sluice.ActionDescription(
            typeName: "Action",
            cases: [
              Sluice.ActionCaseDescription(name: "load"),
            ]
          )
        }

        /// The case's name without its payload, for the cycle detector and the debugger's history.
        public var caseName: String {
          switch self {
          case .load:
            "load"
          }
        }

        /// This value's case and payload, for the debugger's descriptions without reflection.
        public var scriptedCase: Sluice.ActionCaseValue? {
          switch self {
          case .load:
            Sluice.ActionCaseValue(name: "load", fields: [])
          }
        }
      }

      extension Action: Sluice.ScriptableAction, Sluice.CaseNameProviding {
      }
      """
    }
  }

  @Test func aGenericEnumDescribesItsParametersThroughTheGenericType() {
    assertMacro {
      """
      @Scriptable
      enum Wrapped<Child> {
        case child(Child)
        indirect case again(Wrapped<Child>)
      }
      """
    } expansion: {
      """
      enum Wrapped<Child> {
        case child(Child)
        indirect case again(Wrapped<Child>)

        /// The cases of `Wrapped` in source order, for the debugger's completion and suggestions.
        static var actionDescription: Sluice.ActionDescription {
          Sluice.ActionDescription(
            typeName: "Wrapped",
            cases: [
              Sluice.ActionCaseDescription(
                name: "child",
                parameters: [
                  Sluice.ActionParameterDescription(label: nil, position: 0, typeName: "Child", valueType: (Child).self),
                ]
              ),
              Sluice.ActionCaseDescription(
                name: "again",
                parameters: [
                  Sluice.ActionParameterDescription(label: nil, position: 0, typeName: "Wrapped<Child>", valueType: (Wrapped<Child>).self),
                ]
              ),
            ]
          )
        }

        /// The case's name without its payload, for the cycle detector and the debugger's history.
        var caseName: String {
          switch self {
          case .child(let payload):
            Sluice._ScriptableExpansion.caseName("child", payload: payload)
          case .again(let payload):
            Sluice._ScriptableExpansion.caseName("again", payload: payload)
          }
        }

        /// This value's case and payload, for the debugger's descriptions without reflection.
        var scriptedCase: Sluice.ActionCaseValue? {
          switch self {
          case .child(let _0):
            Sluice.ActionCaseValue(name: "child", fields: [(nil, _0 as Any)])
          case .again(let _0):
            Sluice.ActionCaseValue(name: "again", fields: [(nil, _0 as Any)])
          }
        }

        /// The `child` case and its `Child`, for `Scope`: embeds the payload and extracts it.
        static var childCase: Sluice.EnumCase<Self, Child> {
          Sluice.EnumCase(embed: {
              Self.child($0)
            }) {
            if case .child(let payload) = $0 {
              payload
            } else {
              nil
            }
          }
        }

        /// The `again` case and its `Wrapped<Child>`, for `Scope`: embeds the payload and extracts it.
        static var againCase: Sluice.EnumCase<Self, Wrapped<Child>> {
          Sluice.EnumCase(embed: {
              Self.again($0)
            }) {
            if case .again(let payload) = $0 {
              payload
            } else {
              nil
            }
          }
        }
      }

      extension Wrapped: Sluice.ScriptableAction, Sluice.CaseNameProviding {
      }
      """
    }
  }

  @Test func keywordNamesAndEscapedDocumentation() {
    assertMacro {
      #"""
      @Scriptable
      enum Action {
        /// Says "hi" \ waves.
        case `default`
        case `switch`(to: Int)
      }
      """#
    } expansion: {
      #"""
      enum Action {
        /// Says "hi" \ waves.
        case `default`
        case `switch`(to: Int)

        /// The cases of `Action` in source order, for the debugger's completion and suggestions.
        static var actionDescription: Sluice.ActionDescription {
          Sluice.ActionDescription(
            typeName: "Action",
            cases: [
              Sluice.ActionCaseDescription(name: "default", documentation: #"Says "hi" \ waves."#),
              Sluice.ActionCaseDescription(
                name: "switch",
                parameters: [
                  Sluice.ActionParameterDescription(label: "to", position: 0, typeName: "Int", valueType: (Int).self),
                ]
              ),
            ]
          )
        }

        /// The case's name without its payload, for the cycle detector and the debugger's history.
        var caseName: String {
          switch self {
          case .`default`:
            "default"
          case .`switch`(let payload):
            Sluice._ScriptableExpansion.caseName("switch", payload: payload)
          }
        }

        /// This value's case and payload, for the debugger's descriptions without reflection.
        var scriptedCase: Sluice.ActionCaseValue? {
          switch self {
          case .`default`:
            Sluice.ActionCaseValue(name: "default", fields: [])
          case .`switch`(let _0):
            Sluice.ActionCaseValue(name: "switch", fields: [("to", _0 as Any)])
          }
        }

        /// The `switch` case and its `Int`, for `Scope`: embeds the payload and extracts it.
        static var switchCase: Sluice.EnumCase<Self, Int> {
          Sluice.EnumCase(embed: {
              Self.`switch`(to: $0)
            }) {
            if case .`switch`(let payload) = $0 {
              payload
            } else {
              nil
            }
          }
        }
      }

      extension Action: Sluice.ScriptableAction, Sluice.CaseNameProviding {
      }
      """#
    }
  }

  @Test func theTypeNameIncludesTheEnclosingTypes() {
    assertMacro {
      """
      extension Todos {
        struct Row {
          @Scriptable
          enum Action {
            case toggle(Filter)
          }
        }
      }
      """
    } expansion: {
      """
      extension Todos {
        struct Row {
          enum Action {
            case toggle(Filter)

            /// The cases of `Todos.Row.Action` in source order, for the debugger's completion and suggestions.
            static var actionDescription: Sluice.ActionDescription {
              Sluice.ActionDescription(
                typeName: "Todos.Row.Action",
                cases: [
                  Sluice.ActionCaseDescription(
                    name: "toggle",
                    parameters: [
                      Sluice.ActionParameterDescription(label: nil, position: 0, typeName: "Filter", valueType: (Filter).self),
                    ]
                  ),
                ]
              )
            }

            /// The case's name without its payload, for the cycle detector and the debugger's history.
            var caseName: String {
              switch self {
              case .toggle(let payload):
                Sluice._ScriptableExpansion.caseName("toggle", payload: payload)
              }
            }

            /// This value's case and payload, for the debugger's descriptions without reflection.
            var scriptedCase: Sluice.ActionCaseValue? {
              switch self {
              case .toggle(let _0):
                Sluice.ActionCaseValue(name: "toggle", fields: [(nil, _0 as Any)])
              }
            }

            /// The `toggle` case and its `Filter`, for `Scope`: embeds the payload and extracts it.
            static var toggleCase: Sluice.EnumCase<Self, Filter> {
              Sluice.EnumCase(embed: {
                  Self.toggle($0)
                }) {
                if case .toggle(let payload) = $0 {
                  payload
                } else {
                  nil
                }
              }
            }
          }
        }
      }

      extension Todos.Row.Action: Sluice.ScriptableAction, Sluice.CaseNameProviding {
      }
      """
    }
  }

  @Test func anEmptyEnumHasNoCases() {
    assertMacro {
      """
      @Scriptable
      enum Never {}
      """
    } expansion: {
      """
      enum Never {

          /// The cases of `Never` in source order, for the debugger's completion and suggestions.
          static var actionDescription: Sluice.ActionDescription {
            Sluice.ActionDescription(
              typeName: "Never",
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

      extension Never: Sluice.ScriptableAction, Sluice.CaseNameProviding {
      }
      """
    }
  }

  @Test(.macros(MacroSpecs.alreadyConforming))
  func aHandWrittenCaseNameIsKeptAndExistingConformancesNotRepeated() {
    assertMacro {
      """
      @Scriptable
      enum Action: CaseNameProviding {
        case ping

        var caseName: String { "ping" }
      }
      """
    } expansion: {
      """
      enum Action: CaseNameProviding {
        case ping

        var caseName: String { "ping" }

        /// The cases of `Action` in source order, for the debugger's completion and suggestions.
        static var actionDescription: Sluice.ActionDescription {
          Sluice.ActionDescription(
            typeName: "Action",
            cases: [
              Sluice.ActionCaseDescription(name: "ping"),
            ]
          )
        }

        /// This value's case and payload, for the debugger's descriptions without reflection.
        var scriptedCase: Sluice.ActionCaseValue? {
          switch self {
          case .ping:
            Sluice.ActionCaseValue(name: "ping", fields: [])
          }
        }
      }
      """
    }
  }

  @Test func aStructIsRejected() {
    assertMacro {
      """
      @Scriptable
      struct Action {
        var value: Int
      }
      """
    } diagnostics: {
      """
      @Scriptable
      ┬──────────
      ╰─ 🛑 @Scriptable describes the cases of an action enum, not of a struct
      struct Action {
        var value: Int
      }
      """
    }
  }

  @Test func casesInsideIfConfigAreRejected() {
    assertMacro {
      """
      @Scriptable
      enum Action {
        case ping
        #if DEBUG
        case debugOnly
        #endif
      }
      """
    } diagnostics: {
      """
      @Scriptable
      enum Action {
        case ping
        #if DEBUG
        ┬──
        ╰─ 🛑 @Scriptable cannot describe cases declared inside '#if'; declare them unconditionally
        case debugOnly
        #endif
      }
      """
    }
  }
}
