import Foundation
import SluiceDebugger
import SluiceReporting
import Testing

/// `expect` decodes its literal as the type of the value at the path. Observed on 5c7706d:
/// comparisons of text across types passed, and typed forms never matched.
@MainActor
@Suite struct TypedExpectationTests {
  private func run(_ lines: [String]) async -> (ScriptExitStatus, String) {
    let harness = ScriptRunnerHarness(registry: receiptRegistry)
    let status = await harness.run((["use receipt"] + lines).joined(separator: "\n"))
    return (status, harness.output.text)
  }

  @Test(arguments: [
    #"expect addedAt > "2099-01-01""#,
    #"expect id < "Z""#,
    #"expect priceCents > "1000""#,
  ])
  func aLiteralOfAnotherTypeIsAnErrorNotATextComparison(line: String) async {
    let (status, output) = await run([line])
    #expect(status == .error, "\(output)")
  }

  @Test(arguments: [
    #"expect id == UUID("E621E1F8-C36C-495A-93FC-0C247A3E6E5F")"#,
    #"expect addedAt == Date("2024-05-01T09:30:00.25Z")"#,
    #"expect addedAt < Date("2099-01-01T00:00:00Z")"#,
    #"expect addedAt > "2001-01-01T00:00:00Z""#,
    #"expect link == URL("https://example.com/receipts/1")"#,
    #"expect total == 12.5"#,
    #"expect priceCents > 1000"#,
    #"expect tags contains "gift""#,
  ])
  func typedLiteralsCompareByTheValuesType(line: String) async {
    let (status, output) = await run([line])
    #expect(status == .success, "\(output)")
  }

  @Test func orderingAValueWithoutAnOrderIsAnError() async {
    let (status, output) = await run([#"expect link < URL("https://example.com")"#])
    #expect(status == .error)
    #expect(output.contains("no order"))
  }

  @Test(arguments: ["id", "addedAt", "link", "total", "priceCents"])
  func whatThePrintedValueSaysTypesBackInAnExpectationAndAnAction(path: String) async throws {
    let session = try Debugger(registry: receiptRegistry, options: .forTests(usesVirtualClock: true))
      .use("receipt")
    let printed = try session.inspection.tree(at: path).compactDescription

    #expect(try session.inspection.evaluate(StateCondition(parsing: "\(path) == \(printed)")), "printed: \(printed)")
  }

  @Test func printedDatesAndUUIDsTypeBackIntoAnAction() async throws {
    let session = try Debugger(registry: receiptRegistry, options: .forTests(usesVirtualClock: true))
      .use("receipt")
    let id = try session.inspection.tree(at: "id").compactDescription
    let date = try session.inspection.tree(at: "addedAt").compactDescription

    try session.running.send(".stamp(id: \(id), at: \(date))", origin: .user)

    let records = session.inspection.history(last: nil)
    #expect(records.count == 1)
    #expect(try session.inspection.tree(at: "addedAt").compactDescription == date)
    #expect(records.first?.action == ".stamp(id: \(id), at: \(date))")
  }

  @Test func aBareCaseNameMatchesTheCaseWhateverItCarries() async {
    let harness = ScriptRunnerHarness()
    let status = await harness.run(
      """
      use checkout
      .addItem(id: "a", name: "A", priceInCents: 5, quantity: 1)
      .checkout
      advance 2s
      expect status == .paid
      expect status != .shopping
      expect status != .failed
      """)
    #expect(status == .success, "\(harness.output.text)")
    // A payload-less case against a bare name that takes a payload: simply another case.
    let early = await ScriptRunnerHarness().run(
      """
      use checkout
      .addItem(id: "a", name: "A", priceInCents: 5, quantity: 1)
      .checkout
      expect status != .paid
      expect status == .validating
      """)
    #expect(early == .success)
    #expect(await ScriptRunnerHarness().run("use checkout\nexpect status == .paidd") == .error)
  }
}
