import SluiceMacroSupport
import Testing

@Suite struct CaseNameTests {
  @Test func caseNamesIgnoreThePayload() {
    #expect(Tally.Action.add(amount: 3).caseName == "add")
    #expect(Tally.Action.reset.caseName == "reset")
    #expect(Board.Action.select(4).caseName == "select")
    #expect(Board.Action.row(id: 1, action: .reset).caseName == "row")
  }

  @Test func aWrappedScriptableActionAddsItsOwnName() {
    #expect(Board.Action.tally(.note("x", times: 2)).caseName == "tally.note")
    #expect(Script.twice(.twice(.step(.reset))).caseName == "twice.twice.step.reset")
    #expect(Wrapped<Tally.Action>.child(.reset).caseName == "child")  // generic: not known statically
  }

  /// The store's cycle detector and the debugger call `caseName(of:)`; it now takes the
  /// generated names, and agrees with reflection where reflection is right.
  @Test func caseNameOfUsesTheGeneratedName() {
    #expect(caseName(of: Board.Action.tally(.add(amount: 1))) == "tally.add")
    #expect(caseName(of: Board.Action.select(nil)) == "select")
  }
}
