import SluiceReporting
import Testing

/// One-line contexts fitted to a width: a headline keeps its origin, a stop its start; what
/// is not a one-line context is never cut.
@Suite struct ElisionTests {
  let long = "#2 .catalog(.loaded([" + String(repeating: "Product(id: 1, name: \"Tea\"), ", count: 20) + "]))"

  @Test func aHeadlineKeepsItsOriginAndCountsWhatItLeftOut() {
    let line = RenderedLine(.headline, long + "  ← user")
    let elided = line.elided(toWidth: 50)
    #expect(elided.text.count == 50)
    #expect(elided.text.hasPrefix("#2 .catalog(.loaded([Product"))
    #expect(elided.text.hasSuffix("  ← user"))
    let left = long.count - String(elided.text.prefix { $0 != "…" }).count
    #expect(elided.text.contains("… (+\(left))"), "\(elided.text)")
    #expect(elided.kind == .headline)
  }

  @Test func aStopIsCutAtItsEnd() {
    let stop = RenderedLine(.stop, "⏸ stopped at breakpoint 1 before " + long)
    let elided = stop.elided(toWidth: 40)
    #expect(elided.text.count == 40)
    #expect(elided.text.hasPrefix("⏸ stopped at breakpoint 1 before"))
  }

  @Test func valuesShortLinesAndNoWidthAreLeftAlone() {
    #expect(RenderedLine(.plain, long).elided(toWidth: 20) == RenderedLine(.plain, long))
    #expect(RenderedLine(.inserted, "+ " + long).elided(toWidth: 20).text == "+ " + long)
    #expect(RenderedLine(.headline, "#1 .increment  ← user").elided(toWidth: 40).text == "#1 .increment  ← user")
    #expect(RenderedLine(.headline, long).elided(toWidth: nil).text == long)
  }
}
