import Foundation
import SluiceServe

extension AgentConnection {
  /// Reads the agent's lines on a thread of its own, as the attached shell receives them:
  /// every line for a page (`ui`) goes to its page first and never reaches the shell, which
  /// gets the rest. When the connection ends every page's socket closes.
  func receiveLines(divertingPagesTo pages: RelayedPages) -> AsyncStream<String> {
    let (lines, received) = AsyncStream.makeStream(of: String.self)
    Thread { [self] in
      readLines { line in
        if !pages.route(line) { received.yield(line) }
      }
      pages.closeAll()
      received.finish()
    }.start()
    return lines
  }
}
