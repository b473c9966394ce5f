import SluiceDebugger
import SluiceReporting

/// What answers the pages a ``PageServer`` serves: the debugger the shell runs beside it
/// (`sluice serve`, `ui`), or a program's agent over an attached client's connection
/// (`ui` in `sluice attach`). The server only carries each page's lines.
package protocol PageBackend: Sendable {
  /// A page opened its socket: starts answering it.
  ///
  /// - Parameters:
  ///   - address: The page's address, which `ui` on the page answers.
  ///   - allowsFiles: Whether the page may run the commands that read or write files: as the
  ///     user asked at their terminal, never as the page asks.
  ///   - send: Takes each line of the page's answers, one JSON event.
  ///   - close: Closes the page's socket: the backend answers it no more.
  /// - Returns: Where the page's requests go.
  func openPage(
    address: String, allowsFiles: Bool, send: @escaping @Sendable (String) -> Void,
    close: @escaping @Sendable () -> Void
  ) async -> any PageChannel
}

/// One open page's requests, as its backend takes them.
package protocol PageChannel: Sendable {
  /// Sees a message the page sent at once, on the socket's thread, before ``deliver(_:)``
  /// waits its turn: for a `pause` while a store is stuck in a synchronous loop.
  func notice(_ line: String)
  /// Hands on a message the page sent; returns once it was taken.
  func deliver(_ line: String) async
  /// The page closed its socket.
  func end() async
}

/// Pages answered by `debugger`, beside the shell that runs it.
package struct DebuggerPages: PageBackend {
  let debugger: Debugger

  /// Pages on `debugger`'s current session.
  package init(debugger: Debugger) {
    self.debugger = debugger
  }

  @MainActor
  package func openPage(
    address: String, allowsFiles: Bool, send: @escaping @Sendable (String) -> Void,
    close: @escaping @Sendable () -> Void
  ) async -> any PageChannel {
    let connection = PageConnection(debugger: debugger, pageAddress: address, allowsFiles: allowsFiles, send: send)
    connection.start()
    return connection
  }
}

extension PageChannel {
  /// By default nothing is done before a message's turn: a relayed page's `pause` is seen by
  /// the agent that answers it.
  package func notice(_ line: String) {}
}

extension PageConnection: PageChannel {}
