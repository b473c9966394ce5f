import ExampleRegistry
import Sluice
import SluiceDebugger
import SluiceReporting
import Testing

/// A property behind `@Ignored` or `@CopyOnWrite` is shown, diffed, printed and checked
/// under its own name with its wrapped value, not as the wrapper's storage `_name`.
@MainActor
@Suite struct WrappedPropertyTests {
  struct State: Equatable, Sendable {
    var title = "a"
    @Ignored var syncs = 0
    @CopyOnWrite var rows = [1, 2, 3]
  }

  @Test func aValueTreeNamesTheWrappedProperty() {
    let text = ValueTree(reflecting: State()).compactDescription
    #expect(text.contains("syncs: 0"))
    #expect(text.contains("rows: [1, 2, 3]"))
    #expect(!text.contains("_syncs") && !text.contains("_rows"))
  }

  @Test func aDiffByReflectionShowsAChangeBehindTheWrapper() {
    var new = State()
    new.syncs = 2
    new.rows.append(4)
    let diff = StateDiff(from: State(), to: new)
    #expect(diff.changedPaths.map(\.description) == ["syncs", "rows[3]"])
  }

  @Test func aScriptPrintsAndChecksTheWrappedProperty() async {
    let harness = ScriptRunnerHarness()
    let status = await harness.run(
      """
      use profile
      .appeared
      advance 300ms
      .save
      advance 300ms
      print savedCount
      expect savedCount == 1
      """)
    #expect(status == .success, "\(harness.output.text)")
    #expect(harness.output.standardOutput.contains("savedCount = 1"))
  }
}
