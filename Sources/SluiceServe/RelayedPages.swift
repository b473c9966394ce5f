import NIOConcurrencyHelpers
import SluiceReporting

/// Pages answered by a program's agent (`ui` in `sluice attach`): each page's requests go
/// to the agent in ``PageEnvelope``s over the attached client's connection, and the agent's
/// ``PageReply`` lines come back to the page's socket through ``route(_:)``, which the
/// client's line reader calls before anything else sees a line.
package final class RelayedPages: PageBackend {
  private struct Route {
    let send: @Sendable (String) -> Void
    let close: @Sendable () -> Void
  }

  private let sendLine: @Sendable (String) -> Bool
  // `NIOLockedValueBox`: the reader's thread routes while pages open and close on others.
  private let routes = NIOLockedValueBox((lastPage: 0, open: [Int: Route]()))

  /// Pages relayed through `sendLine`, which sends one line to the agent (`false` when the
  /// connection is gone).
  package init(sendLine: @escaping @Sendable (String) -> Bool) {
    self.sendLine = sendLine
  }

  package func openPage(
    address: String, allowsFiles: Bool, send: @escaping @Sendable (String) -> Void,
    close: @escaping @Sendable () -> Void
  ) async -> any PageChannel {
    let page = routes.withLockedValue { routes in
      routes.lastPage += 1
      routes.open[routes.lastPage] = Route(send: send, close: close)
      return routes.lastPage
    }
    if !sendLine(PageEnvelope.open(page: page, address: address, allowsFiles: allowsFiles).text) { close() }
    return RelayedPage(page: page, pages: self)
  }

  /// Hands a line the agent sent to the page it names: `true` when it was a page's (also one
  /// whose socket closed meanwhile), `false` for any other line.
  package func route(_ line: String) -> Bool {
    guard let reply = PageReply(parsing: line) else { return false }
    switch reply {
    case .event(let page, let event):
      routes.withLockedValue { $0.open[page] }?.send(event)
    case .closed(let page):
      routes.withLockedValue { $0.open.removeValue(forKey: page) }?.close()
    }
    return true
  }

  /// The connection to the agent ended: every page's socket closes.
  package func closeAll() {
    let open = routes.withLockedValue { routes in
      defer { routes.open.removeAll() }
      return Array(routes.open.values)
    }
    for route in open { route.close() }
  }

  fileprivate func send(_ envelope: PageEnvelope) {
    _ = sendLine(envelope.text)
  }

  fileprivate func forget(_ page: Int) {
    routes.withLockedValue { _ = $0.open.removeValue(forKey: page) }
  }
}

/// One page relayed to the agent.
private struct RelayedPage: PageChannel {
  let page: Int
  let pages: RelayedPages

  func deliver(_ line: String) async {
    pages.send(.line(page: page, line))
  }

  func end() async {
    pages.forget(page)
    pages.send(.close(page: page))
  }
}
