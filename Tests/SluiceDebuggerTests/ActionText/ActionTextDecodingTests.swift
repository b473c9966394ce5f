import Foundation
import SluiceDebugger
import Testing

@Suite("Action text decodes into actions")
struct ActionTextDecodingTests {
  private func action(_ text: String) throws -> Todos.Action {
    try ActionText.decode(Todos.Action.self, from: text)
  }

  @Test func payloadlessCaseWithOrWithoutDot() throws {
    #expect(try action(".increment") == .increment)
    #expect(try action("increment") == .increment)
    #expect(try action("  Todos.Action.increment \n") == .increment)
  }

  @Test func unlabeledPayloadUsesPositionalKeys() throws {
    #expect(try action(".setStep(3)") == .setStep(3))
    #expect(try action(".setStep(-0x1F)") == .setStep(-31))
    #expect(try action(".setStep(1_000)") == .setStep(1000))
    #expect(try action(".setStep(1e3)") == .setStep(1000))
  }

  @Test func labeledPayload() throws {
    #expect(try action(#".add(title: "Milk", priority: 2)"#) == .add(title: "Milk", priority: 2))
    #expect(try action(#".add(title: "Milk", priority: 2,)"#) == .add(title: "Milk", priority: 2))
  }

  @Test func nestedEnumCase() throws {
    #expect(try action(".todo(.toggle(id: 3))") == .todo(.toggle(id: 3)))
    #expect(try action(#".todo(.rename(id: 3, title: "Eggs"))"#) == .todo(.rename(id: 3, title: "Eggs")))
    #expect(try action(".todo(.delete)") == .todo(.delete))
  }

  @Test func collections() throws {
    #expect(try action(".load(ids: [1, 2])") == .load(ids: [1, 2]))
    #expect(try action(".load(ids: [])") == .load(ids: []))
    #expect(try action(#".set(["a": 1, "b": -2])"#) == .set(["a": 1, "b": -2]))
    #expect(try action(".set([:])") == .set([:]))
    #expect(try action(#".rank([3: "gold", 1: "bronze"])"#) == .rank([3: "gold", 1: "bronze"]))
    #expect(try action(#".tag(["x", "y", "x"])"#) == .tag(["x", "y"]))
  }

  @Test func optionalsAndNil() throws {
    #expect(try action(".login(nil)") == .login(nil))
    #expect(try action(#".login((name: "Ann", age: 41))"#) == .login(User(name: "Ann", age: 41)))
    #expect(try action(".select(id: nil)") == .select(id: nil))
    #expect(try action(".select(id: 4)") == .select(id: 4))
  }

  @Test func structLiteralsAndInitializerSyntax() throws {
    #expect(
      try action(#".insert((id: 1, title: "Milk", done: true))"#)
        == .insert(Todo(id: 1, title: "Milk", done: true)))
    #expect(
      try action(#".insert(Todo(id: 2, title: "Eggs", done: false))"#) == .insert(Todo(id: 2, title: "Eggs")))
    // A single struct payload may take its labels directly.
    #expect(try action(#".insert(id: 3, title: "Tea", done: false)"#) == .insert(Todo(id: 3, title: "Tea")))
  }

  @Test func rawValueEnumFromCaseName() throws {
    #expect(try action(".filter(.completed)") == .filter(.completed))
    #expect(try action(#".filter("active")"#) == .filter(.active))
  }

  @Test func numbersOfEveryWidthDecodeExactly() throws {
    #expect(
      try action(".numbers(-128, 18446744073709551615, 0.1, 1.5, -9223372036854775808)")
        == .numbers(-128, UInt64.max, 0.1, 1.5, Int64.min))
    #expect(
      try action(".numbers(0b1010, 0o17, 3, 2, 0x7FFF_FFFF_FFFF_FFFF)")
        == .numbers(10, 15, 3, 2, Int64.max))
  }

  @Test func booleansAndEscapedStrings() throws {
    #expect(
      try action(#".flag(true, note: "tab\tnew\nline \"q\" \\ \' \0 \u{1F600}")"#)
        == .flag(true, note: "tab\tnew\nline \"q\" \\ ' \0 😀"))
    #expect(try action(#".flag(false, note: "")"#) == .flag(false, note: ""))
  }

  @Test func foundationScalarsFromStrings() throws {
    let decoded = try action(
      #".schedule(at: "2024-05-06T07:08:09Z", link: "https://example.com/a", token: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")"#
    )
    let expected = Todos.Action.schedule(
      at: Date(timeIntervalSince1970: 1_714_979_289),
      link: URL(string: "https://example.com/a")!,
      token: UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
    )
    #expect(decoded == expected)
  }

  @Test func decodesStructsDirectly() throws {
    let state = try ActionText.decode(
      Todos.State.self,
      from:
        #"(todos: [(id: 1, title: "Milk", done: false)], tags: ["x": 1], user: nil, filter: .active, count: 2)"#
    )
    #expect(
      state
        == Todos.State(
          todos: [Todo(id: 1, title: "Milk")], tags: ["x": 1], user: nil, filter: .active, count: 2))
  }

  @Test func dictionariesWithEnumKeysUseAlternatingPairs() throws {
    // `Todos.Filter` is not `CodingKeyRepresentable`, so Swift codes such a
    // dictionary as an array of alternating keys and values.
    let counts = try ActionText.decode([Todos.Filter: Int].self, from: "[.all: 3, .completed: 1]")
    #expect(counts == [.all: 3, .completed: 1])
  }

  @Test func integerBoundaries() throws {
    #expect(try ActionText.decode(UInt8.self, from: "255") == 255)
    #expect(try ActionText.decode(Int8.self, from: "-0x80") == -128)
    #expect(throws: LiteralDecodingError.self) { try ActionText.decode(UInt8.self, from: "256") }
    #expect(throws: LiteralDecodingError.self) { try ActionText.decode(Int16.self, from: "-32769") }
    #expect(try ActionText.decode(Double.self, from: "0x10") == 16)
    #expect(try ActionText.decode(Double.self, from: "18446744073709551617") == 18_446_744_073_709_551_616)
    #expect(try ActionText.decode(Float.self, from: "0.1") == Float(0.1))
  }

  @Test func userInfoReachesTheDecodable() throws {
    struct Probe: Decodable {
      var seen: String?
      init(from decoder: any Decoder) throws {
        seen = decoder.userInfo[CodingUserInfoKey(rawValue: "feature")!] as? String
      }
    }
    let decoder = LiteralDecoder(userInfo: [CodingUserInfoKey(rawValue: "feature")!: "todos"])
    #expect(try decoder.decode(Probe.self, from: .nil).seen == "todos")
  }

  @Test func parseErrorsAndDecodingErrorsAreDistinct() {
    #expect(throws: ActionTextError.self) { try ActionText.decode(Todos.Action.self, from: ".add(") }
    #expect(throws: LiteralDecodingError.self) { try ActionText.decode(Todos.Action.self, from: ".nope") }
  }
}

/// A recursive action, to decode and render at the deepest nesting the parser allows.
indirect enum Chain: Decodable, Equatable {
  case end
  case link(Chain)
}

@Suite("Deep nesting")
struct DeepNestingTests {
  @Test func deepestAllowedChainDecodesAndRenders() throws {
    // Each `.link(` opens one level; the parser allows 256.
    let depth = 255
    let text = String(repeating: ".link(", count: depth) + ".end" + String(repeating: ")", count: depth)
    var chain = try ActionText.decode(Chain.self, from: text)
    var links = 0
    while case .link(let next) = chain {
      chain = next
      links += 1
    }
    #expect(links == depth)
    let decoded = try ActionText.decode(Chain.self, from: text)
    #expect(
      ValueTree(reflecting: decoded, maximumDepth: 300).compactDescription.hasSuffix(
        ".end" + String(repeating: ")", count: depth)))
    #expect(StateDiff(from: decoded, to: decoded).isEmpty)
  }
}
