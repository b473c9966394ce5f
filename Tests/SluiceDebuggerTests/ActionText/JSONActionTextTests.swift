import SluiceDebugger
import Testing

@Suite("JSON action text")
struct JSONActionTextTests {
  private func action(_ json: String) throws -> Todos.Action {
    try ActionText.decode(Todos.Action.self, from: json)
  }

  @Test func synthesizedCodableShapesDecode() throws {
    #expect(try action(#"{"increment": {}}"#) == .increment)
    #expect(try action(#"  {"setStep": {"_0": 3}}"#) == .setStep(3))
    #expect(try action(#"{"add": {"title": "Milk", "priority": 2}}"#) == .add(title: "Milk", priority: 2))
    #expect(try action(#"{"todo": {"_0": {"toggle": {"id": 3}}}}"#) == .todo(.toggle(id: 3)))
    #expect(try action(#"{"load": {"ids": [1, 2]}}"#) == .load(ids: [1, 2]))
    #expect(try action(#"{"set": {"_0": {"a": 1, "b": 2}}}"#) == .set(["a": 1, "b": 2]))
    #expect(try action(#"{"set": {"_0": {"only": 1}}}"#) == .set(["only": 1]))
    #expect(try action(#"{"rank": {"_0": {"3": "gold"}}}"#) == .rank([3: "gold"]))
    #expect(try action(#"{"login": {"_0": null}}"#) == .login(nil))
    #expect(
      try action(#"{"login": {"_0": {"name": "Ann", "age": 41}}}"#) == .login(User(name: "Ann", age: 41)))
    #expect(try action(#"{"filter": {"_0": "completed"}}"#) == .filter(.completed))
    #expect(
      try action(#"{"flag": {"_0": true, "note": "a\"b\\c\/d\u00e9\ud83d\ude00\n"}}"#)
        == .flag(true, note: "a\"b\\c/dé😀\n"))
    #expect(
      try action(#"{"numbers": {"_0": -1, "_1": 2, "_2": 0.5, "_3": 1e2, "_4": 7}}"#)
        == .numbers(-1, 2, 0.5, 100, 7))
  }

  @Test func structsAndNestedPayloadlessCases() throws {
    #expect(
      try ActionText.decode(Todo.self, from: #"{"id": 1, "title": "Milk", "done": true}"#)
        == Todo(id: 1, title: "Milk", done: true))
    #expect(try action(#"{"todo": {"_0": {"delete": {}}}}"#) == .todo(.delete))
    // A one-key object of an object reads as a case, and still decodes a struct.
    struct Session: Decodable, Equatable { var user: User }
    #expect(
      try ActionText.decode(Session.self, from: #"{"user": {"name": "Ann", "age": 41}}"#)
        == Session(user: User(name: "Ann", age: 41)))
  }

  @Test func objectsMapToLiterals() throws {
    #expect(
      try ActionTextParser().parse(#"{"a": 1, "b": [true, null]}"#)
        == .dictionary([
          .init(key: .string("a"), value: .integer("1")),
          .init(key: .string("b"), value: .array([.boolean(true), .nil])),
        ]))
    #expect(
      try ActionTextParser().parse(#"{"add": {"title": "x"}}"#)
        == .enumCase(name: "add", arguments: [.init(label: "title", .string("x"))]))
    #expect(try ActionTextParser().parse("{}") == .dictionary([]))
  }

  @Test(arguments: [
    (#"{"add": {"title": "Milk", }}"#, 27, "expected a string key in the JSON object, found '}'"),
    (#"{"add": {"title": "Mi\x"}}"#, 22, #"invalid escape '\x'"#),
    (#"{"add" {}}"#, 8, #"expected ':' after the key "add", found '{'"#),
    (#"{"add": [1, 2}"#, 14, "expected ']' to close '[' opened at column 9, found '}'"),
    (#"{"add": tru}"#, 9, "unexpected 'tru' in JSON"),
    (#"{"a": 01}"#, 7, "invalid JSON number '01'"),
    (#"{"a": 1} x"#, 10, "expected end of input, found 'x'"),
    (#"{"a": "b"#, 7, "unterminated string literal"),
    (#"{"a": 1"#, 8, "expected '}' to close '{' opened at column 1, found end of input"),
    ("{\"a\": \"\u{1}\"}", 8, #"control character '\u{1}' must be escaped in a JSON string"#),
    (#"{"a": "\ud800"}"#, 8, #"unpaired UTF-16 surrogate in '\u' escape"#),
  ])
  func malformedJSONReportsColumn(text: String, column: Int, message: String) {
    do {
      _ = try ActionTextParser().parse(text)
      Issue.record("expected an error for \(text)")
    } catch {
      #expect(error.column == column)
      #expect(error.message == message)
    }
  }

  @Test func deeplyNestedJSONIsRejected() {
    do {
      _ = try ActionTextParser().parse(String(repeating: "{\"a\":", count: 300_000))
      Issue.record("expected an error")
    } catch {
      #expect(error.message == "nesting is deeper than 256 levels")
      #expect(error.column == 257 * 5 - 4)
    }
  }
}
