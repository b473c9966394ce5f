import ExampleFeatures
import ExampleRegistry
import Sluice
import SluiceDebugger
import Testing

/// Errors for mistyped actions, helped by the actions' `@Scriptable` descriptions.
@MainActor
@Suite struct ActionSuggestionTests {
  private func message(sending text: String, to feature: String, in debugger: Debugger = makeDebugger()) throws
    -> String
  {
    let session = try debugger.use(feature)
    do {
      try session.running.send(text, origin: .user)
    } catch {
      #expect(session.inspection.history(last: nil).isEmpty)
      return error.message
    }
    Issue.record("\(text) was accepted")
    return ""
  }

  private var shelfDebugger: Debugger {
    Debugger(registry: shelfRegistry, options: .forTests(usesVirtualClock: true))
  }

  @Test func anUnknownCaseGetsTheNearestCase() throws {
    #expect(
      try message(sending: ".incremnt", to: "counter")
        == "not a Counter.Action: unknown case '.incremnt'; did you mean '.increment'?")
    #expect(try message(sending: ".setstep(2)", to: "counter").hasSuffix("did you mean '.setStep'?"))
    #expect(try message(sending: ".togle(id: 1)", to: "todos").hasSuffix("did you mean '.toggle'?"))
  }

  @Test func nothingNearGetsNoSuggestion() throws {
    #expect(try message(sending: ".launchRockets", to: "counter").hasSuffix("unknown case '.launchRockets'"))
  }

  @Test func anUnknownNestedCaseIsComparedWithTheNestedEnum() throws {
    let text = try message(sending: ".counter(.incremnt)", to: "shelf", in: shelfDebugger)
    #expect(text.hasSuffix("unknown case '.incremnt' at .counter(_:); did you mean '.increment'?"))
  }

  @Test func aNestedCaseTypedAtTheTopIsFoundWhereItLives() throws {
    let text = try message(sending: ".reset", to: "shelf", in: shelfDebugger)
    #expect(text.hasSuffix("did you mean '.counter(.reset)'?"))
    let typo = try message(sending: ".setStp(3)", to: "shelf", in: shelfDebugger)
    #expect(typo.hasSuffix("did you mean '.counter(.setStep(_:))'?"))
  }

  @Test func aWrongOrMissingLabelListsTheCaseParameters() throws {
    let wrong = try message(sending: #".add(titel: "Milk")"#, to: "todos")
    #expect(wrong.hasSuffix("missing value for 'title' (given: 'titel') at .add(title:); '.add' takes (title: String)"))
    let missing = try message(sending: ".removeItem()", to: "checkout")
    #expect(missing.hasSuffix("'.removeItem' takes (id: String)"))
    let nested = try message(sending: #".rename(name: "Top")"#, to: "shelf", in: shelfDebugger)
    #expect(nested.hasSuffix("'.rename' takes (title: String, note: String = \"\")"))
  }

  @Test func aWrongArgumentTypeListsTheCaseParameters() throws {
    let text = try message(sending: #".setStep("two")"#, to: "counter")
    #expect(text.hasSuffix("'.setStep' takes (_: Int)"))
  }

  /// The macro is a convenience: actions without it decode, and fail, as before.
  @Test func actionsWithoutADescriptionGetThePlainError() throws {
    let debugger = Debugger(
      registry: FeatureRegistry([
        Feature("dial", summary: "A number turned up and down", initialState: 0) { _ in
          Reduce<Int, Dial> { state, action in
            state += action == .up ? 1 : -1
            return .none
          }
        }
      ]),
      options: .forTests(usesVirtualClock: true))
    #expect(try message(sending: ".upp", to: "dial", in: debugger) == "not a Dial: unknown case '.upp'")
    let session = try debugger.use("dial")
    session.running.type(".up")
    #expect(session.inspection.rendered("self") == "1")
  }
}

/// Actions without `@Scriptable`.
private enum Dial: Codable, Equatable, Sendable {
  case up, down
}
