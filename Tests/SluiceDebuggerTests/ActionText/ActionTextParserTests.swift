import SluiceDebugger
import Testing

@Suite("Action text parses into literal trees")
struct ActionTextParserTests {
  private func parse(_ text: String) throws -> ActionLiteral {
    try ActionTextParser().parse(text)
  }

  @Test func caseReferences() throws {
    #expect(try parse(".increment") == .enumCase(name: "increment", arguments: nil))
    #expect(try parse("increment") == .enumCase(name: "increment", arguments: nil))
    #expect(try parse(".increment()") == .enumCase(name: "increment", arguments: []))
    #expect(try parse("Todos.Action.increment") == .enumCase(name: "increment", arguments: nil))
    #expect(try parse("`default`") == .enumCase(name: "default", arguments: nil))
    #expect(try parse(".true") == .enumCase(name: "true", arguments: nil))
  }

  @Test func argumentsWithAndWithoutLabels() throws {
    #expect(
      try parse(#".add(title: "Milk", priority: 2)"#)
        == .enumCase(
          name: "add",
          arguments: [
            .init(label: "title", .string("Milk")),
            .init(label: "priority", .integer("2")),
          ]))
    #expect(try parse(".setStep(3)") == .enumCase(name: "setStep", arguments: [.init(.integer("3"))]))
    #expect(
      try parse(#".pair(1, label: "x",)"#)
        == .enumCase(
          name: "pair",
          arguments: [
            .init(.integer("1")),
            .init(label: "label", .string("x")),
          ]))
  }

  @Test func nesting() throws {
    #expect(
      try parse(".todo(.toggle(id: 3))")
        == .enumCase(
          name: "todo",
          arguments: [
            .init(.enumCase(name: "toggle", arguments: [.init(label: "id", .integer("3"))]))
          ]))
    #expect(
      try parse(".load(ids: [1, 2])")
        == .enumCase(
          name: "load",
          arguments: [
            .init(label: "ids", .array([.integer("1"), .integer("2")]))
          ]))
    #expect(
      try parse(#".set(["a": 1])"#)
        == .enumCase(
          name: "set",
          arguments: [
            .init(.dictionary([.init(key: .string("a"), value: .integer("1"))]))
          ]))
  }

  @Test func collections() throws {
    #expect(try parse("[]") == .array([]))
    #expect(try parse("[:]") == .dictionary([]))
    #expect(try parse("[ : ]") == .dictionary([]))
    #expect(try parse("[1, 2,]") == .array([.integer("1"), .integer("2")]))
    #expect(
      try parse("[1: true, 2: nil,]")
        == .dictionary([
          .init(key: .integer("1"), value: .boolean(true)),
          .init(key: .integer("2"), value: .nil),
        ]))
    #expect(try parse("[[1], []]") == .array([.array([.integer("1")]), .array([])]))
  }

  @Test func structLiterals() throws {
    #expect(
      try parse(#"(name: "A", age: 3)"#)
        == .tuple([.init(label: "name", .string("A")), .init(label: "age", .integer("3"))]))
    #expect(try parse("()") == .tuple([]))
    // An upper-case name called like an initializer is a struct literal, not a case.
    #expect(
      try parse(#"User(name: "A", age: 3)"#)
        == .tuple([.init(label: "name", .string("A")), .init(label: "age", .integer("3"))]))
    // Non-ASCII names too: upper case is Unicode's.
    #expect(try parse("Übung(n: 1)") == .tuple([.init(label: "n", .integer("1"))]))
    #expect(try parse(".übung(n: 1)") == .enumCase(name: "übung", arguments: [.init(label: "n", .integer("1"))]))
    #expect(try parse("_Box(1)") == .enumCase(name: "_Box", arguments: [.init(.integer("1"))]))
  }

  @Test func scalars() throws {
    #expect(try parse("nil") == .nil)
    #expect(try parse("true") == .boolean(true))
    #expect(try parse("false") == .boolean(false))
    #expect(try parse("-42") == .integer("-42"))
    #expect(try parse("0x1F") == .integer("0x1F"))
    #expect(try parse("0b1010") == .integer("0b1010"))
    #expect(try parse("0o17") == .integer("0o17"))
    #expect(try parse("1_000") == .integer("1_000"))
    #expect(try parse("1e3") == .floatingPoint("1e3"))
    #expect(try parse("-2.5E-3") == .floatingPoint("-2.5E-3"))
    #expect(try parse("3.25") == .floatingPoint("3.25"))
  }

  @Test func stringEscapes() throws {
    #expect(try parse(#""a\nb\tc\rd\0e\\f\"g\'h\u{1F600}i""#) == .string("a\nb\tc\rd\0e\\f\"g'h😀i"))
    #expect(try parse(#""""#) == .string(""))
    #expect(try parse(#""héllo 🙂""#) == .string("héllo 🙂"))
  }

  @Test func surroundingWhitespaceIsIgnored() throws {
    #expect(try parse(" \t .increment \r\n") == .enumCase(name: "increment", arguments: nil))
    #expect(
      try parse(".add( title : \"x\" )")
        == .enumCase(name: "add", arguments: [.init(label: "title", .string("x"))]))
  }

  @Test func unicodeIdentifiers() throws {
    #expect(
      try parse(".café(größe: 1)")
        == .enumCase(name: "café", arguments: [.init(label: "größe", .integer("1"))]))
  }

  @Test func validUTF8Bytes() throws {
    #expect(
      try ActionTextParser().parse(utf8: Array(".setStep(3)".utf8))
        == .enumCase(name: "setStep", arguments: [.init(.integer("3"))]))
  }
}
