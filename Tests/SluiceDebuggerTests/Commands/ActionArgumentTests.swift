import Testing

@testable import SluiceDebugger

/// A `send` line's action: parsed once, by the command parser, and sent from that literal.
@MainActor
struct ActionArgumentTests {
  @Test func theParserKeepsTheLiteralItReadForTheSession() throws {
    guard case .send(let action)? = try CommandParser().parse("send .add(title: \"Milk\")  # a comment") else {
      Issue.record("not a send")
      return
    }
    #expect(action.text == #".add(title: "Milk")"#)
    #expect(action.literal == (try ActionTextParser().parse(#".add(title: "Milk")"#)))
  }

  @Test func argumentsAreEqualByTheirText() throws {
    let parsed = try #require(try CommandParser().parse(".increment"))
    #expect(parsed == .send(action: ".increment"))
    #expect(parsed != .send(action: ".decrement"))
    #expect(ActionArgument(".increment").literal == nil)
  }

  @Test func anActionMadeFromTextIsParsedWhenSent() async throws {
    let harness = try InterpreterHarness()
    let outcome = await harness.interpreter.execute(.send(action: ActionArgument(".increment")))
    #expect(reducedRecords(outcome.events).map(\.action) == [".increment"])
    let typo = await harness.interpreter.execute(.send(action: ".incremnt"))
    guard case .failure(let error) = typo.result else {
      Issue.record("a typo was sent")
      return
    }
    #expect(error.message.contains("did you mean '.increment'?"))
  }
}
