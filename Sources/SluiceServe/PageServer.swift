import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging
import SluiceDebugger

/// The session's timeline in the browser: a page served on 127.0.0.1 only, behind a random
/// token in its address (as Jupyter's), whose script speaks the JSON protocol over a
/// WebSocket (`/ws`) with the session the shell debugs. Every request without the token is
/// refused with 403, the WebSocket's upgrade too.
///
/// The page is a client like any other: it asks with commands (`log from 1 50`, `show 7`,
/// `state at 7`, `jump 7`, `break search*`) and draws their typed answers; when the session
/// moves on, or `use` makes another current, it is sent `changed`, and asks again. The
/// shell's own debugger answers it, or, for `ui` in `sluice attach`, the program's agent,
/// to which the page's requests are relayed over the attached shell's connection.
public final class PageServer: Sendable {
  /// The port it listens on.
  public let port: Int
  /// The page's address, token included: `http://127.0.0.1:PORT/?token=…`.
  public let address: String
  private let running: Task<Void, Never>

  private init(port: Int, address: String, running: Task<Void, Never>) {
    self.port = port
    self.address = address
    self.running = running
  }

  /// Starts serving `debugger`'s current session.
  ///
  /// - Parameters:
  ///   - debugger: The debugger whose current session the page shows; the page's commands
  ///     run against it, beside the shell's.
  ///   - port: The port to listen on; 0 (the default) takes a free one.
  ///   - allowsFiles: Whether its pages may run the commands that read or write files
  ///     (`save`, `load`, `source`, `export`): only when the user asked for it at their
  ///     terminal (`ui --allow-files`), never on a page's word.
  /// - Throws: ``ServeError`` when the page's files are missing or the port cannot be
  ///   bound (taken, or not allowed).
  @MainActor
  public static func start(debugger: Debugger, port: Int = 0, allowsFiles: Bool = false) async throws(ServeError)
    -> PageServer
  {
    try await start(backend: DebuggerPages(debugger: debugger), port: port, allowsFiles: allowsFiles)
  }

  /// Starts serving pages that `backend` answers: a debugger here, or a program's agent.
  ///
  /// - Throws: ``ServeError`` as ``start(debugger:port:allowsFiles:)`` does.
  package static func start(
    backend: any PageBackend, port: Int = 0, allowsFiles: Bool = false, limits: PageServerLimits = .standard
  ) async throws(ServeError) -> PageServer {
    let token = PageToken()
    let resources = try PageResources()
    var logger = Logger(label: "sluice.serve")
    // The shell's terminal is no place for a server's log.
    logger.logLevel = .critical
    let start = ServerStart()
    let app = Application(
      router: pageRouter(resources: resources, token: token),
      server: .http1WebSocketUpgrade { request, _, _ in
        // `/ws?token=…` only; anything else goes to the router, which refuses it.
        guard request.path?.hasPrefix("/ws") == true,
          token.admits(target: request.path ?? "", cookies: request.headerFields[.cookie])
        else {
          return .dontUpgrade
        }
        return .upgrade([:]) { inbound, outbound, _ in
          try await PageSocket.serve(backend: backend, pageAddress: start.address, inbound: inbound, outbound: outbound)
        }
      },
      configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: port), serverName: nil),
      onServerRunning: { channel in start.started(port: channel.localAddress?.port) },
      logger: logger)
    let running = Task {
      do {
        try await app.run()
        start.failed("the page's server stopped before it listened")
      } catch {
        start.failed("cannot serve the page on 127.0.0.1 port \(port): \(error)")
      }
    }
    let bound: Int
    switch await start.outcome() {
    case .success(let value): bound = value
    case .failure(let error):
      running.cancel()
      throw error
    }
    let address = "http://127.0.0.1:\(bound)/?token=\(token.text)"
    start.address = address
    return PageServer(port: bound, address: address, running: running)
  }

  /// Stops serving; open pages are disconnected.
  public func stop() async {
    running.cancel()
    await running.value
  }

  /// The HTTP side: the page's files for a request with the token, 403 for any other.
  private static func pageRouter(resources: PageResources, token: PageToken) -> Router<BasicRequestContext> {
    let router = Router()
    router.add(middleware: TokenCheck(token: token))
    for (path, file) in resources.files {
      router.get(RouterPath(path)) { _, _ in
        var headers: HTTPFields = [.contentType: file.mediaType, .cacheControl: "no-store"]
        // The page's script and style sheet are asked for without the query.
        if path == "/" { headers[.setCookie] = token.cookie }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: file.contents)))
      }
    }
    return router
  }
}
