import Foundation
import PageClient
import Testing

extension BrowserPageTests {
  /// The page on the big state of benchmark 8: 10,000 to-dos (a few fields and a string each)
  /// and a full history at the default limit, every entry after the first toggling one row.
  /// The state's tree draws what is open, its long list in closed groups of 100 rows.
  /// The page asks for what it shows (the state at the position, the rows in view), never for
  /// the history, so the 100,000 actions of the benchmark would show it nothing the last
  /// 10,000 do not: the session is built from one action that loads the rows and enough
  /// toggles to fold it out of the history, which a debug build records in seconds rather
  /// than minutes. Its first draw and its slider jumps are printed, never asserted on
  /// (the machine is busy).
  @Test func aTenThousandRowStateDrawsAndJumps() async throws {
    let rows = 10_000
    let todos = (1...rows).map { #"Todo(id: \#($0), title: "row \#($0), a few words of title", isDone: false)"# }
    // Each toggle changes one row, spread over the list as the benchmark's edits are; the
    // history (10,000 entries, folded 32 at a time) keeps only toggles.
    let toggled = (0..<(rows + 64)).map { ($0 * 4_999 + 17) % rows }
    let toggles = toggled.map { ".toggle(id: \($0 + 1))" }
    let folder = try ScriptFolder()
    let script = try folder.write(
      "rows.sluice", (["set diff off", ".loadResponse([\(todos.joined(separator: ", "))])"] + toggles).joined(separator: "\n"))
    let served = try await ServedSluice(["todos", "-x", script])
    let last = toggled.count + 1
    #expect(served.output.waitForLine { $0.hasPrefix("#\(last) ") } != nil, "the 10,000-row session was not built")
    #expect(try await served.run("print todos.count") == ["todos.count = \(rows)"])

    let page = try await PageDriver()
    try await page.open(served.address)
    try await page.wait("document.body.dataset.last === '\(last)'")
    let loaded = try #require(try await page.eval("sluicePage.loadMs") as? Double)
    // The list is drawn in closed groups of 100 rows, but for the group and the row the last
    // toggle changed, open and marked: what is drawn is what is visible.
    #expect(try await page.eval("document.querySelector('#tree .changed').dataset.path") as? String == "todos[\(toggled.last!)].isDone")
    #expect(try await page.eval("document.querySelectorAll('#tree details.group').length") as? Int == rows / 100)
    #expect(try await page.eval("document.querySelectorAll('#tree details.group[open]').length") as? Int == 1)
    #expect(try #require(try await page.eval("document.querySelectorAll('#tree *').length") as? Int) < 1_000)

    // The slider, dragged and then stepped with the arrow keys: each move is a jump.
    let settled = "sluicePage.jumps.length >= %d && !sluicePage.jumping && !sluicePage.dragging"
      + " && document.getElementById('slider').value === String(sluicePage.position)"
    try await page.drag("#slider", to: 0.3)
    try await page.wait(String(format: settled, 1))
    for _ in 0..<3 {
      let count = try #require(try await page.eval("sluicePage.jumps.length") as? Int)
      try await page.key("ARROW_LEFT", on: "#slider")
      try await page.wait(String(format: settled, count + 1))
    }
    let jumps = try #require(try await page.eval("sluicePage.jumps.map(j => j.ms)") as? [Double])
    let position = try #require(try await page.eval("sluicePage.position") as? Int)
    #expect(position < last)
    #expect(try await served.position() == (position, last))

    // Figures for the report, not assertions: the machine running the tests is shared.
    print("10,000-row session (\(last) actions, the history's 10,000 each changing one row): page drawn \(Int(loaded)) ms"
      + " after navigation; \(jumps.count) slider jumps, slowest \(Int(jumps.max() ?? 0)) ms,"
      + " all \(jumps.map { Int($0) }) ms (jump, answer and redraw)")
  }
}
