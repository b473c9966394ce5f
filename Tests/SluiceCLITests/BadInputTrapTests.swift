import Foundation
import Testing

/// Input that once trapped the whole `sluice` process, run through the real binary: a trap
/// there would kill the test process too. Each must end in a reported error (status 2) or a
/// handled outcome, never a signal.
@Suite("Bad input never traps")
struct BadInputTrapTests {
  @Test func virtualTimeCannotBeAdvancedPastWhatASessionFileCanHold() async throws {
    let folder = try ScriptFolder()
    let file = folder.url.appendingPathComponent("long.json").path
    let result = try await SluiceProcess.run(
      ["run", "--virtual-clock", "--feature", "counter", "-"],
      input: "advance 875000h\nadvance 875000h\nadvance 875000h\n.increment\nsave \(file)\n")
    #expect(result.status == 2, "\(result.standardError)")
    #expect(result.standardError.contains("<stdin>:3:"))
    #expect(result.standardError.contains("virtual time"))
    #expect(!FileManager.default.fileExists(atPath: file))
  }

  @Test(arguments: [Int.max, Int.min, -1, 0])
  func aSessionFileWithAnIndexOutOfRangeIsRefused(firstIndex: Int) async throws {
    let folder = try ScriptFolder()
    let file = folder.url.appendingPathComponent("counter.json").path
    let save = try await SluiceProcess.run(
      ["run", "--feature", "counter", "-"], input: ".increment\n.increment\nsave \(file)\n")
    try #require(save.status == 0, "\(save.standardError)")
    try rewrite(file) { $0["firstIndex"] = firstIndex }

    let result = try await SluiceProcess.run(
      ["run", "--feature", "counter", "-"], input: "load \(file)\njump 0\nshow 0\n")
    #expect(result.status == 2, "\(result.standardError)")
    #expect(result.standardError.contains("<stdin>:1:"))
    #expect(result.standardError.contains("firstIndex"))
    #expect(result.standardError.contains(file))
  }

  @Test func checkoutRefusesAnItemWhoseTotalWouldNotFit() async throws {
    let result = try await SluiceProcess.run(
      ["run", "--feature", "checkout", "-"],
      input: """
        .addItem(id: "gold", name: "Gold", priceInCents: 9223372036854775807, quantity: 2)
        .addItem(id: "a", name: "A", priceInCents: 5000000000000000000, quantity: 1)
        .addItem(id: "b", name: "B", priceInCents: 5000000000000000000, quantity: 1)
        .addItem(id: "a", name: "A", priceInCents: 5000000000000000000, quantity: 1)
        expect items.count == 1
        expect items[0].quantity == 1
        .checkout
        wait \(hangGuardText)
        expect status == .paid

        """)
    #expect(result.status == 0, "\(result.standardOutput)\n\(result.standardError)")
  }

  @Test func todosRefusesAnAddWhenNoIdIsLeft() async throws {
    let result = try await SluiceProcess.run(
      ["run", "--feature", "todos", "-"],
      input: """
        .loadResponse([(id: 9223372036854775807, title: "Last", isDone: false)])
        .add(title: "One more")
        expect todos.count == 1

        """)
    #expect(result.status == 0, "\(result.standardOutput)\n\(result.standardError)")
  }

  /// Rewrites the JSON object in `path`.
  private func rewrite(_ path: String, _ change: (inout [String: Any]) -> Void) throws {
    let url = URL(fileURLWithPath: path)
    var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    change(&object)
    try JSONSerialization.data(withJSONObject: object).write(to: url)
  }
}
