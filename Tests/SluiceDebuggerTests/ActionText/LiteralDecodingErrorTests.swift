import SluiceDebugger
import SluiceReporting
import Testing

@Suite("Decoding errors name the path and the problem")
struct LiteralDecodingErrorTests {
  private func decodingError<T: Decodable>(_ text: String, as type: T.Type = Todos.Action.self) throws
    -> LiteralDecodingError
  {
    let literal = try ActionTextParser().parse(text)
    do {
      _ = try LiteralDecoder().decode(type, from: literal)
    } catch {
      return error
    }
    Issue.record("\(text) decoded without error")
    return LiteralDecodingError(reason: .invalidValue("none"), path: "", codingPath: [])
  }

  @Test func unknownCaseKeepsTheGivenName() throws {
    let error = try decodingError(".incremnt")
    #expect(error.reason == .unknownCase("incremnt"))
    #expect(error.path == "")
    #expect(error.description == "unknown case '.incremnt'")
    #expect(nearestName(to: "incremnt", among: ["increment", "setStep", "add"]) == "increment")
  }

  @Test func anArgumentNoParameterTakesIsAnErrorNotDropped() throws {
    let extra = try decodingError(".setStep(5, 6)")
    #expect(extra.reason == .unexpectedArgument("_1"))
    #expect(extra.description == "the case takes no second unlabeled argument at .setStep")
    let payloadless = try decodingError(".increment(3)")
    #expect(payloadless.reason == .unexpectedArgument("_0"))
    #expect(payloadless.description == "the case takes no first unlabeled argument at .increment")
    let labelled = try decodingError(".add(title: \"Milk\", priority: 1, colour: 2)")
    #expect(labelled.reason == .unexpectedArgument("colour"))
    #expect(labelled.description == "the case takes no argument 'colour' at .add")
    // Inside a nested case too, placed at the nested case.
    let nested = try decodingError(".todo(.delete(7))")
    #expect(nested.reason == .unexpectedArgument("_0"))
    #expect(nested.path == ".todo(.delete)")
    // What every parameter takes still decodes, labels given to a single payload included.
    let literal = try ActionTextParser().parse(".insert(id: 1, title: \"Milk\", done: false)")
    #expect((try? LiteralDecoder().decode(Todos.Action.self, from: literal)) != nil)
  }

  @Test func unknownNestedCase() throws {
    let error = try decodingError(".todo(.togle(id: 3))")
    #expect(error.reason == .unknownCase("togle"))
    #expect(error.path == ".todo(_:)")
    #expect(error.codingPath == ["todo", "_0"])
    #expect(error.description == "unknown case '.togle' at .todo(_:)")
  }

  @Test func unknownCaseOfRawValueEnum() throws {
    let error = try decodingError(".filter(.actve)")
    #expect(error.reason == .unknownCase("actve"))
    #expect(error.path == ".filter(_:)")
  }

  @Test func unknownCaseInJSON() throws {
    let error = try decodingError(#"{"todo": {"_0": {"togle": {"id": 3}}}}"#)
    #expect(error.reason == .unknownCase("togle"))
  }

  @Test func missingLabelListsTheGivenOnes() throws {
    let error = try decodingError(#".add(titel: "Milk", priority: 2)"#)
    #expect(error.reason == .missingValue(label: "title", givenLabels: ["titel", "priority"]))
    #expect(error.path == ".add(title:)")
    #expect(error.description == "missing value for 'title' (given: 'titel', 'priority') at .add(title:)")
  }

  @Test func missingFieldOfAStructLiteral() throws {
    let error = try decodingError(#".login((name: "A"))"#)
    #expect(error.reason == .missingValue(label: "age", givenLabels: ["name"]))
    #expect(error.path == ".login((age:))")
  }

  @Test func typeMismatchNamesExpectedAndFound() throws {
    let error = try decodingError(#".add(title: "Milk", priority: "2")"#)
    #expect(error.reason == .typeMismatch(expected: "Int", found: #"string "2""#))
    #expect(error.description == #"expected Int, found string "2" at .add(priority:)"#)
    #expect(try decodingError(".load(ids: [1, \"x\"])").path == ".load(ids: [1])")
    #expect(try decodingError(".setStep(1.5)").reason == .typeMismatch(expected: "Int", found: "number 1.5"))
    #expect(try decodingError(".setStep(nil)").reason == .typeMismatch(expected: "Int", found: "nil"))
    #expect(
      try decodingError(#""x""#).reason == .typeMismatch(expected: "Todos.Action", found: #"string "x""#))
    #expect(
      try decodingError(#".rank(["a": "x"])"#).reason == .typeMismatch(expected: "Int", found: #"key "a""#))
  }

  @Test func numbersOutOfRange() throws {
    let small = try decodingError(".numbers(300, 1, 1, 1, 1)")
    #expect(small.reason == .numberOutOfRange(literal: "300", type: "Int8"))
    // Unlabeled arguments are placed by the blanks before them, never by Swift's synthesized
    // names (`_2`), which a user never writes (issue 49).
    #expect(small.path == ".numbers(_:)")
    #expect(try decodingError(".numbers(1, 1, 1e400, 1, 1)").path == ".numbers(_, _, _:)")
    #expect(
      try decodingError(".numbers(1, -1, 1, 1, 1)").reason == .numberOutOfRange(literal: "-1", type: "UInt64")
    )
    #expect(
      try decodingError(".numbers(1, 1, 1e400, 1, 1)").reason
        == .numberOutOfRange(literal: "1e400", type: "Double"))
    #expect(
      try decodingError(".numbers(1, 1, 1, 1, 9223372036854775808)").reason
        == .numberOutOfRange(literal: "9223372036854775808", type: "Int64"))
  }

  @Test func foundationValuesFromBadStrings() throws {
    let error = try decodingError(#".schedule(at: "yesterday", link: "https://a.b", token: "x")"#)
    #expect(
      error.reason
        == .typeMismatch(expected: #"an ISO 8601 date, as in Date("2024-05-01T09:30:00Z")"#, found: #"string "yesterday""#))
    #expect(error.path == ".schedule(at:)")
  }

  @Test func errorsThrownByTheTypeItselfAreKept() throws {
    struct Even: Decodable {
      struct Odd: Error, CustomStringConvertible {
        var description: String { "not even" }
      }
      init(from decoder: any Decoder) throws {
        let value = try decoder.singleValueContainer().decode(Int.self)
        if !value.isMultiple(of: 2) { throw Odd() }
      }
    }
    let error = try decodingError("3", as: Even.self)
    #expect(error.reason == .invalidValue("not even"))
  }
}

@Suite("Nearest name")
struct NearestNameTests {
  @Test func suggestsCloseNames() {
    let cases = ["increment", "decrement", "setStep", "add", "toggle", "delete"]
    #expect(nearestName(to: "incremnt", among: cases) == "increment")
    #expect(nearestName(to: "Increment", among: cases) == "increment")
    #expect(nearestName(to: "setstep", among: cases) == "setStep")
    #expect(nearestName(to: "togle", among: cases) == "toggle")
    #expect(nearestName(to: "tgogle", among: cases) == "toggle")
    #expect(nearestName(to: "ad", among: cases) == "add")
    #expect(nearestName(to: "dlete", among: cases) == "delete")
  }

  @Test func refusesFarNames() {
    let cases = ["increment", "add"]
    #expect(nearestName(to: "xyz", among: cases) == nil)
    #expect(nearestName(to: "", among: cases) == nil)
    #expect(nearestName(to: "completelyDifferent", among: cases) == nil)
    #expect(nearestName(to: String(repeating: "a", count: 10_000), among: cases) == nil)
    #expect(nearestName(to: "add", among: []) == nil)
  }
}

/// Decoding errors speak the user's vocabulary: an unlabeled argument is "the first
/// unlabeled argument", never Swift's synthesized `_0` (observed on 5c7706d).
@MainActor
@Suite struct LiteralDecodingVocabularyTests {
  @Test func unlabeledArgumentsAreNamedByPosition() async throws {
    let harness = ScriptRunnerHarness()
    _ = await harness.run("use search\n.queryChanged()")
    #expect(harness.output.text.contains("missing value for the first unlabeled argument"))
    #expect(!harness.output.text.contains("_0"))
  }
}
