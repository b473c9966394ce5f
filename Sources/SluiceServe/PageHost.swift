import SluiceDebugger
import SluiceReporting

/// Serves the timeline page, once: `sluice serve` starts it before the prompt, `ui` when
/// first typed (in `sluice attach` too); later `ui`s give the same address.
///
/// Its pages may read and write files only once the user asked for it here, at their
/// terminal (`sluice serve --allow-files`, `ui --allow-files`): from then on, pages opened
/// may; a page can never ask for it itself.
@MainActor
final class PageHost: PageHosting {
  private let backend: any PageBackend
  private let port: Int
  private var server: PageServer?
  private var allowsFiles: Bool

  /// A host for `debugger`'s page, to listen on `port` (0: a free one).
  convenience init(debugger: Debugger, port: Int = 0, allowsFiles: Bool = false) {
    self.init(backend: DebuggerPages(debugger: debugger), port: port, allowsFiles: allowsFiles)
  }

  /// A host for pages that `backend` answers (a program's agent, for `sluice attach`).
  init(backend: any PageBackend, port: Int = 0, allowsFiles: Bool = false) {
    self.backend = backend
    self.port = port
    self.allowsFiles = allowsFiles
  }

  /// Starts the server if it is not running, and gives the page's address; `allowingFiles`:
  /// pages opened from now on may read and write files.
  func open(allowingFiles: Bool) async -> Result<String, DebugError> {
    if allowingFiles {
      allowsFiles = true
      server?.allowFiles()
    }
    if let server { return .success(server.address) }
    do {
      let started = try await PageServer.start(backend: backend, port: port, allowsFiles: allowsFiles)
      server = started
      return .success(started.address)
    } catch {
      return .failure(DebugError(error.message))
    }
  }

  /// Stops serving, if it was.
  func stop() async {
    await server?.stop()
    server = nil
  }
}

extension PageSupport {
  /// The timeline page served on loopback behind a token, on Hummingbird: what `sluice`
  /// itself links. Pass it to `SluiceCommand.main(registry:page:)`.
  public static let timeline = PageSupport(
    serving: { debugger, port, allowsFiles in PageHost(debugger: debugger, port: port, allowsFiles: allowsFiles) },
    relaying: { sendLine in
      let pages = RelayedPages(sendLine: sendLine)
      return RelayedPageHost(host: PageHost(backend: pages), route: pages.route, closeAll: pages.closeAll)
    })
}
