import SluiceDebugger

/// The session's timeline in the browser (`serve`, `ui`), for a debugger that links it.
///
/// The command line builds without a web server: a debugger that wants the page links the
/// `SluiceServe` product and passes its `PageSupport.timeline` to
/// `SluiceCommand.main(registry:page:)`. Without it, `serve` and `ui` say how to add it.
public struct PageSupport: Sendable {
  /// Makes the host that serves `debugger`'s page on `port` (0: a free one); `allowsFiles`:
  /// its pages may read and write files from the start.
  package let serving: @MainActor @Sendable (_ debugger: Debugger, _ port: Int, _ allowsFiles: Bool) -> any PageHosting
  /// Makes the host of pages that a program's agent answers (`ui` in `sluice attach`): the
  /// pages' requests go to the agent through `sendLine` (`false` once the connection is gone).
  package let relaying: @MainActor @Sendable (_ sendLine: @escaping @Sendable (String) -> Bool) -> RelayedPageHost

  /// Support made of the two hosts' makers.
  package init(
    serving: @escaping @MainActor @Sendable (Debugger, Int, Bool) -> any PageHosting,
    relaying: @escaping @MainActor @Sendable (@escaping @Sendable (String) -> Bool) -> RelayedPageHost
  ) {
    self.serving = serving
    self.relaying = relaying
  }

  /// What `serve` and `ui` say in a debugger built without the page.
  package static let notLinked =
    "this debugger was built without the browser page: link the SluiceServe product and pass `page: .timeline` "
    + "to SluiceCommand.main (`sluice-init --page` writes both)"
}

/// Serves the page, once: the first `ui` (or `serve`) starts it, later ones give the same
/// address.
@MainActor
package protocol PageHosting: AnyObject {
  /// Starts serving if it is not, and gives the page's address; `allowingFiles`: pages
  /// opened from now on may read and write files.
  func open(allowingFiles: Bool) async -> Result<String, DebugError>
  /// Stops serving, if it was.
  func stop() async
}

extension PageHosting {
  /// What `ui` asks of the shell or the script runner.
  package var opener: PageOpener {
    PageOpener { [weak self] allowingFiles in
      guard let self else { return .failure(DebugError("the page's host has stopped")) }
      return await self.open(allowingFiles: allowingFiles)
    }
  }
}

/// The host of the pages a program's agent answers, and the way in for the agent's lines.
package struct RelayedPageHost {
  /// Serves the pages.
  package let host: any PageHosting
  /// Hands a line the agent sent to the page it names: `true` when it was a page's, `false`
  /// for any other line. Called from the connection's reading thread.
  package let route: @Sendable (String) -> Bool
  /// The connection ended: every page's socket closes.
  package let closeAll: @Sendable () -> Void

  /// A host whose pages the agent's lines reach through `route`.
  package init(host: any PageHosting, route: @escaping @Sendable (String) -> Bool, closeAll: @escaping @Sendable () -> Void) {
    self.host = host
    self.route = route
    self.closeAll = closeAll
  }
}
