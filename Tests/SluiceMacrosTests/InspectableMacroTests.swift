import MacroTesting
import Testing

@Suite(.macros(MacroSpecs.all))
struct InspectableMacroTests {
  @Test func storedPropertiesAreListedInOrderWithTheTypesAccess() {
    assertMacro {
      """
      @Inspectable
      public struct State {
        public var query = ""
        public let results: [String]
        var a = 1, b = 2
        var `default`: Int { didSet { print("set") } }
        var count: Int { results.count }
        static var shared = State()
      }
      """
    } expansion: {
      """
      public struct State {
        public var query = ""
        public let results: [String]
        var a = 1, b = 2
        var `default`: Int { didSet { print("set") } }
        var count: Int { results.count }
        static var shared = State()
      }

      extension State: Sluice.Inspectable {
        /// Hands `visitor` each stored property of `old` and `new`, in declaration order.
        public static func visitFields<Visitor: Sluice.FieldPairVisitor>(of old: Self, and new: Self, with visitor: inout Visitor) {
          visitor.visit("query", old.query, new.query)
          visitor.visit("results", old.results, new.results)
          visitor.visit("a", old.a, new.a)
          visitor.visit("b", old.b, new.b)
          visitor.visit("default", old.`default`, new.`default`)
        }
      }
      """
    }
  }

  @Test func aPrivateSetterIsReadableAndALazyPropertyIsNot() {
    assertMacro {
      """
      @Inspectable
      struct Listed {
        private(set) var count = 0
      }
      @Inspectable
      struct Lazy {
        lazy var total = 0
      }
      """
    } expansion: {
      """
      struct Listed {
        private(set) var count = 0
      }
      struct Lazy {
        lazy var total = 0
      }

      extension Listed: Sluice.Inspectable {
        /// Hands `visitor` each stored property of `old` and `new`, in declaration order.
        static func visitFields<Visitor: Sluice.FieldPairVisitor>(of old: Self, and new: Self, with visitor: inout Visitor) {
          visitor.visit("count", old.count, new.count)
        }
      }
      """
    }
  }

  @Test func aPrivateStoredPropertyLeavesTheStructToReflection() {
    assertMacro {
      """
      @Inspectable
      struct State {
        var visible = 0
        private var hidden = 0
      }
      """
    } expansion: {
      """
      struct State {
        var visible = 0
        private var hidden = 0
      }
      """
    }
  }
}
