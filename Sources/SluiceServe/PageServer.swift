import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOConcurrencyHelpers
import NIOCore
import SluiceDebugger

/// The session's timeline in the browser: a page served on 127.0.0.1 only, behind a random
/// token in its address (as Jupyter's), whose script speaks the JSON protocol over a
/// WebSocket (`/ws`) with the session the shell debugs. Every request without the token in
/// its own address, or with a `Host` other than the page's (DNS rebinding), is refused with
/// 403; the WebSocket opens only at `/ws` exactly, with the token, from the page's own
/// `Origin`. No cookie is set: cookies reach every port of 127.0.0.1.
///
/// A page may not run the commands that read or write files unless the user allowed it at
/// their terminal (`allowsFiles`, `allowFiles()`). A connection silent for a minute is
/// closed, and at most 64 are open at once (`PageServerLimits`).
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
  // `NIOLockedValueBox`: read by each page's upgrade on the server's threads, set by `ui`.
  private let files: NIOLockedValueBox<Bool>

  private init(port: Int, address: String, files: NIOLockedValueBox<Bool>, running: Task<Void, Never>) {
    self.port = port
    self.address = address
    self.files = files
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
  /// - Parameters:
  ///   - allowsFiles: As ``start(debugger:port:allowsFiles:)`` takes it; `allowFiles()`
  ///     allows it later.
  ///   - limits: How long a connection may be silent, and how many may be open at once.
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
    let authority = PageAuthority()
    let files = NIOLockedValueBox(allowsFiles)
    let timeout = TimeAmount(limits.idleTimeout)
    // The page's socket, through Hummingbird's router as the page itself is: the token and
    // the address checked first (``TokenCheck``), then the page's own origin, at `/ws` exactly.
    let webSocketRouter = Router(context: BasicWebSocketRequestContext.self)
    webSocketRouter.add(middleware: TokenCheck(token: token, authority: authority))
    webSocketRouter.ws(
      "/ws",
      shouldUpgrade: { request, _ in
        guard authority.admitsUpgrade(path: request.uri.path, origin: request.headers[.origin]) else {
          return .dontUpgrade
        }
        return .upgrade([:])
      },
      onUpgrade: { inbound, outbound, _ in
        try await PageSocket.serve(
          backend: backend, pageAddress: start.address, allowsFiles: files.withLockedValue { $0 }, inbound: inbound,
          outbound: outbound)
      })
    let webSocketResponder = webSocketRouter.buildResponder()
    let server = HTTPServerBuilder { responder in
      // A request the socket's router refuses goes on to the page's, which answers it.
      IdleClosingChannel(
        inner: HTTP1WebSocketUpgradeChannel(
          responder: responder, webSocketResponder: webSocketResponder, configuration: WebSocketServerConfiguration()),
        timeout: timeout)
    }
    let app = Application(
      router: pageRouter(resources: resources, token: token, authority: authority),
      server: server,
      configuration: ApplicationConfiguration(
        address: .hostname("127.0.0.1", port: port), serverName: nil,
        availableConnectionsDelegate: MaximumAvailableConnections(limits.maximumConnections)),
      onServerRunning: { channel in
        if let port = channel.localAddress?.port { authority.listening(on: port) }
        start.started(port: channel.localAddress?.port)
      },
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
    return PageServer(port: bound, address: address, files: files, running: running)
  }

  /// Lets pages opened from now on read and write files: the user typed `ui --allow-files`
  /// at their terminal. Pages open already keep what they were opened with.
  package func allowFiles() {
    files.withLockedValue { $0 = true }
  }

  /// Stops serving; open pages are disconnected.
  public func stop() async {
    running.cancel()
    await running.value
  }

  /// The HTTP side: the page, its script and style sheet in it, for a request to its address
  /// with the token; 403 for any other (``TokenCheck``), 404 for any other path.
  private static func pageRouter(resources: PageResources, token: PageToken, authority: PageAuthority)
    -> Router<BasicRequestContext>
  {
    let router = Router()
    router.add(middleware: TokenCheck(token: token, authority: authority))
    router.get("/") { _, _ in
      var headers: HTTPFields = [
        .contentType: resources.mediaType, .cacheControl: "no-store",
        // No other site frames the page to have it clicked.
        .contentSecurityPolicy: "frame-ancestors 'none'",
      ]
      // The address holds the token: no `Referer` carries it anywhere.
      headers[.init("Referrer-Policy")!] = "no-referrer"
      return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: resources.page)))
    }
    return router
  }
}
