import SluiceDebugger
import SluiceReporting
import SluiceServe

/// Serves the timeline page, once: `sluice serve` starts it before the prompt, `ui` when
/// first typed (in `sluice attach` too); later `ui`s give the same address.
@MainActor
final class PageHost {
  private let backend: any PageBackend
  private let port: Int
  private var server: PageServer?

  /// A host for `debugger`'s page, to listen on `port` (0: a free one).
  convenience init(debugger: Debugger, port: Int = 0) {
    self.init(backend: DebuggerPages(debugger: debugger), port: port)
  }

  /// A host for pages that `backend` answers (a program's agent, for `sluice attach`).
  init(backend: any PageBackend, port: Int = 0) {
    self.backend = backend
    self.port = port
  }

  /// Starts the server if it is not running, and gives the page's address.
  func open() async -> Result<String, DebugError> {
    if let server { return .success(server.address) }
    do {
      let started = try await PageServer.start(backend: backend, port: port)
      server = started
      return .success(started.address)
    } catch {
      return .failure(DebugError(error.message))
    }
  }

  /// What `ui` asks of the shell or the script runner.
  var opener: PageOpener {
    PageOpener { [weak self] in
      guard let self else { return .failure(DebugError("the page's host has stopped")) }
      return await self.open()
    }
  }

  /// Stops serving, if it was.
  func stop() async {
    await server?.stop()
    server = nil
  }
}
