import Sluice
@testable import SluiceDebugger
import SluiceReporting
import Testing

/// Issue 53: a loop through the program's own code has no chain of causes in the store, so
/// `bt` at its warning says where the chain began rather than showing a lone frame.
@Suite struct OutsideChainTests {
  let renderer = TextRenderer()

  @Test func aBacktraceOfAChainTheProgramBeganSaysSo() {
    let program = ActionContext(sequence: 22, parent: nil, root: 22, depth: 0, origin: .external)
    let frame = BacktraceFrame(action: ".refresh", caseName: "refresh", context: program, index: nil, origin: .external)
    let lines = renderer.lines(for: .backtrace(Backtrace(frames: [frame], elidedCount: 0, root: nil)))
    #expect(lines.last?.contains("the chain began outside the store: the program's own code sent .refresh") == true, "\(lines)")

    let typed = ActionContext(sequence: 22, parent: nil, root: 22, depth: 0, origin: .tool)
    let byUser = BacktraceFrame(action: ".refresh", caseName: "refresh", context: typed, index: nil, origin: .user)
    let quiet = renderer.lines(for: .backtrace(Backtrace(frames: [byUser], elidedCount: 0, root: nil)))
    #expect(!quiet.joined().contains("outside the store"))
  }
}
