import Foundation
import SluiceReporting

extension AgentConnection {
  /// Reads the agent's lines on a thread of its own, as the attached shell receives them:
  /// every line for a page (`ui`) goes to its page first and never reaches the shell, which
  /// gets the rest (all of them in a debugger without the page). When the connection ends
  /// every page's socket closes.
  func receiveLines(divertingPagesTo pages: RelayedPageHost?) -> AsyncStream<String> {
    let (lines, received) = AsyncStream.makeStream(of: String.self)
    // Without the page (a debugger that does not link it), every line is the shell's.
    let route: @Sendable (String) -> Bool
    let closeAll: @Sendable () -> Void
    if let pages {
      (route, closeAll) = (pages.route, pages.closeAll)
    } else {
      (route, closeAll) = ({ _ in false }, {})
    }
    Thread { [self] in
      readLines { line in
        if !route(line) { received.yield(line) }
      }
      closeAll()
      received.finish()
    }.start()
    return lines
  }
}
