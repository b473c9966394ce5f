import SluiceDebugger
import Testing

@Suite("State paths parse")
struct StatePathParsingTests {
  @Test func everyForm() throws {
    #expect(
      try StatePath(parsing: "todos[2].title").components == [
        .property("todos"), .index(2), .property("title"),
      ])
    #expect(
      try StatePath(parsing: "user?.name").components == [
        .property("user"), .optionalChain, .property("name"),
      ])
    #expect(
      try StatePath(parsing: "todos[id: 3]").components == [
        .property("todos"), .element(whose: "id", equals: .integer(3)),
      ])
    #expect(
      try StatePath(parsing: #"todos[title: "Milk"]"#).components == [
        .property("todos"), .element(whose: "title", equals: .string("Milk")),
      ])
    #expect(
      try StatePath(parsing: #"settings["theme"]"#).components == [.property("settings"), .key("theme")])
    #expect(try StatePath(parsing: "count").components == [.property("count")])
    #expect(try StatePath(parsing: ".count").components == [.property("count")])
    #expect(try StatePath(parsing: "self.count").components == [.property("count")])
    #expect(try StatePath(parsing: "pair.0").components == [.property("pair"), .property("0")])
    #expect(try StatePath(parsing: "[-1]").components == [.index(-1)])
    #expect(try StatePath(parsing: "self?.name").components == [.optionalChain, .property("name")])
    #expect(try StatePath(parsing: "").isRoot)
    #expect(try StatePath(parsing: "  self ").isRoot)
  }

  @Test func descriptionRoundTrips() throws {
    for text in [
      "self?.name", "todos[2].title", "user?.name", "todos[id: 3]", "todos[done: true]",
      #"settings["the \"me\""]"#, "count", "self", #"todos[title: "Milk"].done"#,
    ] {
      #expect(try StatePath(parsing: text).description == text)
    }
    #expect(StatePath.root.description == "self")
    #expect(StatePath.root.appending(.property("todos")).appending(.index(1)).description == "todos[1]")
  }

  /// Found by fuzzing: `.self` parsed as a property named `self`, which prints as `self`, the
  /// root. As in Swift, `.self` is the value itself.
  @Test func dotSelfIsTheValueItself() throws {
    #expect(try StatePath(parsing: ".self") == .root)
    #expect(try StatePath(parsing: "todos.self[0].self") == StatePath(parsing: "todos[0]"))
    for text in [".self", "self.self", "user.self?.name", "todos.self"] {
      let path = try StatePath(parsing: text)
      #expect(try StatePath(parsing: path.description) == path, "\(text)")
    }
  }

  @Test(arguments: [
    ("todos[0", 8, "expected ']' to close '[' opened at column 6"),
    ("todos[0]]", 9, "unexpected character ']'"),
    ("a..b", 3, "expected a property name after '.'"),
    ("todos[x 1]", 9, "bad key: expected end of input, found '1'"),
    ("?a", 1, "'?' must follow a property or a subscript"),
    ("user??", 6, "'?' must follow a property or a subscript"),
    (#"todos["a]"#, 7, "unterminated string literal"),
    ("todos[]", 7, "expected an index, a key or 'label: value' inside '[ ]'"),
    ("todos[id: nil]", 11, "expected an integer, a string or a boolean after 'id:'"),
    ("todos[UUID(\"a\"]", 16, "expected ']' to close '[' opened at column 6"),
    ("a b", 2, "unexpected character ' '"),
    ("todos[99999999999999999999]", 7, "index 99999999999999999999 is too large"),
  ])
  func malformedPaths(text: String, column: Int, message: String) {
    do {
      _ = try StatePath(parsing: text)
      Issue.record("expected an error for \(text)")
    } catch {
      #expect(error.reason == .invalidSyntax(message))
      #expect(error.column == column)
      #expect(error.description == "column \(column): \(message)")
    }
  }
}

@Suite("State paths look values up")
struct StatePathLookupTests {
  private let state = Todos.State(
    todos: [Todo(id: 7, title: "Milk"), Todo(id: 9, title: "Eggs", done: true)],
    tags: ["home": 2, "work": 1],
    user: User(name: "Ann", age: 41),
    filter: .active,
    count: 3
  )

  private func lookUp(_ path: String, in root: Any) throws -> String {
    ValueTree(reflecting: try StatePath(parsing: path).value(in: root)).compactDescription
  }

  private func lookUp(_ path: String) throws -> String {
    try lookUp(path, in: state)
  }

  private func failure(_ path: String, in root: Any? = nil) throws -> StatePathError {
    let parsed = try StatePath(parsing: path)
    do {
      _ = try parsed.value(in: root ?? state)
    } catch {
      return error
    }
    Issue.record("\(path) was found")
    return StatePathError(reason: .foundNil, failedPath: "")
  }

  @Test func propertiesIndicesAndKeys() throws {
    #expect(try lookUp("count") == "3")
    #expect(try lookUp(".count") == "3")
    #expect(try lookUp("todos[1].title") == #""Eggs""#)
    #expect(try lookUp("todos[0]") == #"Todo(id: 7, title: "Milk", done: false)"#)
    #expect(try lookUp(#"tags["work"]"#) == "1")
    #expect(try lookUp("tags.home") == "2")
    #expect(try lookUp("") == ValueTree(reflecting: state).compactDescription)
    #expect(try lookUp("[1]", in: [10: "ten", 1: "one"]) == #""one""#)
    #expect(try lookUp("pair.1", in: (pair: (1, "b"), other: 0)) == #""b""#)
  }

  @Test func elementsMatchedByProperty() throws {
    #expect(try lookUp("todos[id: 9].title") == #""Eggs""#)
    #expect(try lookUp(#"todos[title: "Milk"].id"#) == "7")
    #expect(try lookUp(#"todos[id: "9"].done"#) == "true")
    #expect(
      try lookUp("[done: true].id", in: [Todo(id: 1, title: "a"), Todo(id: 2, title: "b", done: true)]) == "2"
    )
  }

  @Test func optionals() throws {
    #expect(try lookUp("user.name") == #""Ann""#)
    #expect(try lookUp("user?.name") == #""Ann""#)
    var anonymous = state
    anonymous.user = nil
    #expect(try lookUp("user?.name", in: anonymous) == "nil")
    #expect(try lookUp("user", in: anonymous) == "nil")
    #expect(try lookUp("self?.name", in: Optional(User(name: "Cy", age: 1)) as Any) == #""Cy""#)
    #expect(try lookUp("self?.name", in: Optional<User>.none as Any) == "nil")
    let error = try failure("user.name", in: anonymous)
    #expect(error.reason == .foundNil)
    #expect(error.failedPath == "user")
    #expect(error.description == "user is nil; write 'user?' to chain through it")
  }

  @Test func enumPayloads() throws {
    #expect(try lookUp("loaded.items[1]", in: Phase.loaded(items: [4, 5], note: "ok")) == "5")
    #expect(try lookUp("note", in: Phase.loaded(items: [4, 5], note: "ok")) == #""ok""#)
    #expect(try lookUp("progress", in: Phase.loading(progress: 0.5)) == "0.5")
    #expect(try lookUp("failed", in: Phase.failed("boom")) == #""boom""#)
    let error = try failure("items", in: Phase.loading(progress: 0.5))
    #expect(
      error.reason == .noSuchProperty("items", typeName: "Phase.loading", available: ["loading", "progress"]))
  }

  @Test func missingPropertyListsAvailableNames() throws {
    let error = try failure("todos[0].titel")
    #expect(error.reason == .noSuchProperty("titel", typeName: "Todo", available: ["id", "title", "done"]))
    #expect(error.failedPath == "todos[0].titel")
    #expect(error.availableNames == ["id", "title", "done"])
    #expect(error.description == "todos[0].titel: no property 'titel' on Todo (available: id, title, done); did you mean 'title'?")
    #expect(try failure("count.value").reason == .noSuchProperty("value", typeName: "Int", available: []))
  }

  @Test func indexOutOfRange() throws {
    let error = try failure("todos[5].title")
    #expect(error.reason == .indexOutOfRange(5, count: 2))
    #expect(error.failedPath == "todos[5]")
    #expect(error.description == "todos[5]: index 5 is out of range (count 2)")
    #expect(try failure("todos[-1]").reason == .indexOutOfRange(-1, count: 2))
  }

  @Test func missingKeyAndElement() throws {
    let key = try failure(#"tags["gym"]"#)
    #expect(key.reason == .keyNotFound(#""gym""#, availableKeys: [#""home""#, #""work""#]))
    #expect(key.description == #"tags["gym"]: no key "gym" (keys: "home", "work")"#)
    let element = try failure("todos[id: 3]")
    #expect(element.reason == .noMatchingElement(label: "id", value: "3"))
    #expect(element.description == "todos[id: 3]: no element whose id is 3")
    #expect(try failure("count[0]").reason == .notSubscriptable(typeName: "Int"))
  }
}
