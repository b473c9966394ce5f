import ExampleFeatures
import Sluice
import Testing

/// The examples' actions, as `@Feature` describes them to the debugger.
@Suite struct ExampleActionDescriptionTests {
  @Test func everyExampleListsItsCasesInSourceOrder() {
    #expect(Counter.Action.actionDescription.caseNames == ["increment", "decrement", "setStep", "reset"])
    #expect(
      Todos.Action.actionDescription.caseNames == [
        "add", "toggle", "delete", "setFilter", "load", "cancelLoad", "loadResponse", "loadFailed",
      ])
    #expect(
      Search.Action.actionDescription.caseNames == ["queryChanged", "search", "refresh", "searchResponse", "searchFailed", "binding"])
    #expect(
      Checkout.Action.actionDescription.caseNames == [
        "addItem", "removeItem", "checkout", "validated", "validationFailed", "paymentSucceeded", "paymentFailed",
      ])
    #expect(PingPong.Action.actionDescription.caseNames == ["ping", "pong", "stop"])
  }

  @Test func casesKeepTheirSignaturesAndDocumentation() {
    let todos = Todos.Action.actionDescription
    #expect(todos.typeName == "Todos.Action")
    #expect(todos.cases.map(\.signature).prefix(4) == ["add(title: String)", "toggle(id: Int)", "delete(id: Int)", "setFilter(_: Filter)"])
    #expect(todos.case(named: "setFilter")?.parameters.first?.valueType == Todos.Filter.self)
    #expect(todos.case(named: "toggle")?.documentation == "Flips whether the item is done; an unknown id is ignored.")
    #expect(
      Search.Action.actionDescription.case(named: "queryChanged")?.documentation
        == """
        The user edited the query. A blank query clears the results at once; any other
        schedules a search after ``Search/debounceInterval`` of quiet.
        """)
  }

  @Test func caseNamesComeFromTheGeneratedSwitch() {
    #expect(Todos.Action.setFilter(.active).caseName == "setFilter")
    #expect(Checkout.Action.paymentFailed(reason: "declined").caseName == "paymentFailed")
    #expect(caseName(of: Search.Action.searchResponse(["Ada"])) == "searchResponse")
  }
}
