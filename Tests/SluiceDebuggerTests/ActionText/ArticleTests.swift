import Sluice
import SluiceDebugger
import Testing

/// Messages name a type with the article English gives it: `not an Inventory.Action`, `not a
/// Counter.Action`, `not a UUID` (issue 49: "not a InventoryApp.Action").
@MainActor
@Suite struct ArticleTests {
  struct Inventory: Reducer {
    struct State: Codable, Equatable, Sendable { var stock = 0 }
    enum Action: Codable, Equatable, Sendable { case restock(Int) }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      if case .restock(let count) = action { state.stock += count }
      return .none
    }
  }

  @Test func anActionTypeBeginningWithAVowelTakesAn() async {
    let registry = FeatureRegistry([
      Feature("inventory", summary: "Stock", initialState: Inventory.State()) { _ in Inventory() }
    ])
    let harness = ScriptRunnerHarness(registry: registry)
    #expect(await harness.run("send .restock(\"two\")\n", named: "stock.sluice") == .error)
    #expect(
      harness.output.standardError.first?.contains("error: not an ArticleTests.Inventory.Action") == true,
      "\(harness.output.standardError)")
  }

  @Test(arguments: [
    ("Inventory.Action", "an Inventory.Action"), ("Counter.Action", "a Counter.Action"), ("Int", "an Int"),
    ("UUID", "a UUID"), ("URL", "a URL"), ("UInt8", "a UInt8"), ("User", "a User"), ("Unit", "a Unit"),
    ("Order", "an Order"), ("Todo?", "a Todo?"), ("HTTPRequest", "an HTTPRequest"), ("SQLRow", "an SQLRow"),
    ("Event", "an Event"), ("Umbrella", "an Umbrella"), ("Update", "an Update"), ("[Item]", "an [Item]"),
  ])
  func typeNamesTakeTheArticleTheyAreSaidWith(name: String, expected: String) {
    #expect(TypeName.withArticle(name) == expected)
  }
}
