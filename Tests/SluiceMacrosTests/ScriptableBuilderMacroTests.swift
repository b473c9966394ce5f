import MacroTesting
import Testing

/// `scriptAction(caseName:arguments:)`: generated only where decoding is the synthesised kind.
@Suite(.macros(MacroSpecs.all))
struct ScriptableBuilderMacroTests {
  @Test func aCodableEnumBuildsEachCaseFromItsArgumentsInOrder() {
    assertMacro {
      """
      @Scriptable
      public enum Action: Codable, Sendable {
        case increment
        case setStep(Int)
        case move(_ from: Int, to: Int)
        case `default`(`in`: String)
        case todo(Todos.Action)
      }
      """
    } expansion: {
      """
      public enum Action: Codable, Sendable {
        case increment
        case setStep(Int)
        case move(_ from: Int, to: Int)
        case `default`(`in`: String)
        case todo(Todos.Action)

        /// The cases of `Action` in source order, for the debugger's completion and suggestions.
        public static var actionDescription: Sluice.ActionDescription {
          Sluice.ActionDescription(
            typeName: "Action",
            cases: [
              Sluice.ActionCaseDescription(name: "increment"),
              Sluice.ActionCaseDescription(
                name: "setStep",
                parameters: [
                  Sluice.ActionParameterDescription(label: nil, position: 0, typeName: "Int", valueType: (Int).self),
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
                name: "default",
                parameters: [
                  Sluice.ActionParameterDescription(label: "in", position: 0, typeName: "String", valueType: (String).self),
                ]
              ),
              Sluice.ActionCaseDescription(
                name: "todo",
                parameters: [
                  Sluice.ActionParameterDescription(label: nil, position: 0, typeName: "Todos.Action", valueType: (Todos.Action).self),
                ]
              ),
            ]
          )
        }

        /// The case's name without its payload, for the cycle detector and the debugger's history.
        public var caseName: String {
          switch self {
          case .increment:
            "increment"
          case .setStep(let payload):
            Sluice._ScriptableExpansion.caseName("setStep", payload: payload)
          case .move:
            "move"
          case .`default`(let payload):
            Sluice._ScriptableExpansion.caseName("default", payload: payload)
          case .todo(let payload):
            Sluice._ScriptableExpansion.caseName("todo", payload: payload)
          }
        }

        /// This value's case and payload, for the debugger's descriptions without reflection.
        public var scriptedCase: Sluice.ActionCaseValue? {
          switch self {
          case .increment:
            Sluice.ActionCaseValue(name: "increment", fields: [])
          case .setStep(let _0):
            Sluice.ActionCaseValue(name: "setStep", fields: [(nil, _0 as Any)])
          case .move(let _0, let _1):
            Sluice.ActionCaseValue(name: "move", fields: [(nil, _0 as Any), ("to", _1 as Any)])
          case .`default`(let _0):
            Sluice.ActionCaseValue(name: "default", fields: [("in", _0 as Any)])
          case .todo(let _0):
            Sluice.ActionCaseValue(name: "todo", fields: [(nil, _0 as Any)])
          }
        }

        /// The case named `caseName` made from `arguments`, for the debugger: the action `Decodable`
        /// would make, without a decoder; `nil` when they do not make one exactly.
        public static func scriptAction(caseName: String, arguments: inout some Sluice.ScriptArguments) -> Self? {
          switch caseName {
          case "increment":
            return arguments.isAtEnd ? .increment : nil
          case "setStep":
            guard let _0 = arguments.next(label: nil, as: (Int).self), arguments.isAtEnd else {
              return nil
            }
            return .setStep(_0)
          case "move":
            guard let _0 = arguments.next(label: nil, as: (Int).self), let _1 = arguments.next(label: "to", as: (Int).self), arguments.isAtEnd else {
              return nil
            }
            return .move(_0, to: _1)
          case "default":
            guard let _0 = arguments.next(label: "in", as: (String).self), arguments.isAtEnd else {
              return nil
            }
            return .`default`(`in`: _0)
          case "todo":
            guard let _0 = arguments.next(label: nil, as: (Todos.Action).self), arguments.isAtEnd else {
              return nil
            }
            return .todo(_0)
          default:
            return nil
          }
        }

        /// The `setStep` case and its `Int`, for `Scope`: embeds the payload and extracts it.
        public static var setStepCase: Sluice.EnumCase<Self, Int> {
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

        /// The `default` case and its `String`, for `Scope`: embeds the payload and extracts it.
        public static var defaultCase: Sluice.EnumCase<Self, String> {
          Sluice.EnumCase(embed: {
              Self.`default`(`in`: $0)
            }) {
            if case .`default`(let payload) = $0 {
              payload
            } else {
              nil
            }
          }
        }

        /// The `todo` case and its `Todos.Action`, for `Scope`: embeds the payload and extracts it.
        public static var todoCase: Sluice.EnumCase<Self, Todos.Action> {
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
      }

      extension Action: Sluice.ScriptableAction, Sluice.CaseNameProviding {
      }
      """
    }
  }

  @Test func anInitFromDecoderInTheEnumKeepsDecoding() {
    assertMacro {
      """
      @Scriptable
      enum Action: Codable {
        case increment
        init(from decoder: any Decoder) throws { self = .increment }
      }
      """
    } expansion: {
      """
      enum Action: Codable {
        case increment
        init(from decoder: any Decoder) throws { self = .increment }

        /// The cases of `Action` in source order, for the debugger's completion and suggestions.
        static var actionDescription: Sluice.ActionDescription {
          Sluice.ActionDescription(
            typeName: "Action",
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

      extension Action: Sluice.ScriptableAction, Sluice.CaseNameProviding {
      }
      """
    }
  }

  @Test func codingKeysOfItsOwnKeepDecoding() {
    assertMacro {
      """
      @Scriptable
      enum Action: Decodable {
        case add(Int)
        enum AddCodingKeys: String, CodingKey { case _0 = "amount" }
      }
      """
    } expansion: {
      """
      enum Action: Decodable {
        case add(Int)
        enum AddCodingKeys: String, CodingKey { case _0 = "amount" 
      }

        /// The cases of `Action` in source order, for the debugger's completion and suggestions.
        static var actionDescription: Sluice.ActionDescription {
          Sluice.ActionDescription(
            typeName: "Action",
            cases: [
              Sluice.ActionCaseDescription(
                name: "add",
                parameters: [
                  Sluice.ActionParameterDescription(label: nil, position: 0, typeName: "Int", valueType: (Int).self),
                ]
              ),
            ]
          )
        }

        /// The case's name without its payload, for the cycle detector and the debugger's history.
        var caseName: String {
          switch self {
          case .add(let payload):
            Sluice._ScriptableExpansion.caseName("add", payload: payload)
          }
        }

        /// This value's case and payload, for the debugger's descriptions without reflection.
        var scriptedCase: Sluice.ActionCaseValue? {
          switch self {
          case .add(let _0):
            Sluice.ActionCaseValue(name: "add", fields: [(nil, _0 as Any)])
          }
        }

        /// The `add` case and its `Int`, for `Scope`: embeds the payload and extracts it.
        static var addCase: Sluice.EnumCase<Self, Int> {
          Sluice.EnumCase(embed: {
              Self.add($0)
            }) {
            if case .add(let payload) = $0 {
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

  @Test func anEnumThatDoesNotDeclareDecodableGetsNoBuilder() {
    assertMacro {
      """
      @Scriptable
      enum Action: Sendable {
        case increment
      }
      """
    } expansion: {
      """
      enum Action: Sendable {
        case increment

        /// The cases of `Action` in source order, for the debugger's completion and suggestions.
        static var actionDescription: Sluice.ActionDescription {
          Sluice.ActionDescription(
            typeName: "Action",
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

      extension Action: Sluice.ScriptableAction, Sluice.CaseNameProviding {
      }
      """
    }
  }
}
