#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import Dispatch
import SluiceAgentTransport
import Sluice
import SluiceDebugger
import SluiceReporting
import SluiceAgentAccess

/// Makes a running program's stores debuggable from another process: `sluice attach`.
///
/// ```swift
/// let agent = try await SluiceAgent.start()
/// try agent.attach(store, as: "cart")
/// ```
///
/// The agent listens on a Unix domain socket that only this user can reach (and on TCP with
/// a token, if asked; see ``AgentConfiguration``) and writes a discovery file that
/// `sluice attach` lists. Until a client attaches, a store pays nothing for it: the debugger
/// adopts the store when a client first uses it, and gives it back as it was, running, when
/// the client detaches or goes away. One client at a time: a second is told who is attached
/// and refused.
@MainActor
public final class SluiceAgent {
  private let clients: AttachedClients
  private let server: AgentServer
  /// Writes every recording when the flight recorder's signal arrives.
  private var signalSource: (any DispatchSourceSignal)?

  private init(clients: AttachedClients, server: AgentServer) {
    self.clients = clients
    self.server = server
  }

  /// Starts listening.
  ///
  /// - Throws: ``AgentError`` when neither runtime folder (`sluice`, then `sluice-UID` beside
  ///   it) is private to this user, a token file is missing, short or readable by others, or a
  ///   socket cannot be bound. Another user can cause the first (by taking both names in a
  ///   shared `/tmp`), so a program that must run on catches it, says why and goes on without
  ///   the agent, as the example in README does.
  ///
  /// - Parameters:
  ///   - configuration: Where and how clients connect.
  ///   - flightRecorder: Keeps each store's latest actions, written as a session file when
  ///     something goes wrong; `nil` (the default) keeps nothing until a client attaches.
  public static func start(
    _ configuration: AgentConfiguration = AgentConfiguration(), flightRecorder: FlightRecorder? = nil
  ) async throws -> SluiceAgent {
    let clients = AttachedClients(program: configuration.programName, flightRecorder: flightRecorder)
    // What the transport sends of its own accord, in the protocol's words.
    var configuration = configuration
    configuration.droppedNotice = { count in JSONEventWriter().line(for: .eventsDropped(count: count)) }
    configuration.errorLine = { message in JSONEventWriter().line(forError: message, at: nil) }
    let server = try await AgentServer.start(configuration: configuration, handler: clients)
    let agent = SluiceAgent(clients: clients, server: server)
    if let number = flightRecorder?.signal { agent.writeRecordings(onSignal: number) }
    return agent
  }

  /// Writes every store's flight recording when `signal` arrives.
  private func writeRecordings(onSignal number: Int32) {
    // The default action (ending the program, for SIGUSR1) must not run: the source hears it.
    _ = signal(number, SIG_IGN)
    let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
    source.setEventHandler { [weak self] in
      MainActor.assumeIsolated { _ = try? self?.writeFlightRecordings(reason: "signal") }
    }
    source.resume()
    signalSource = source
  }

  /// Writes the flight recording of every store now, each to a new session file in the
  /// recorder's folder that `sluice` loads.
  ///
  /// - Parameter reason: A word for the files' names (`request`, `signal`).
  /// - Returns: The files written.
  /// - Throws: When the agent has no flight recorder, or a file cannot be written.
  @discardableResult
  public func writeFlightRecordings(reason: String = "request") throws -> [String] {
    guard let recordings = clients.recordings else {
      throw AgentError("the agent was started without a flight recorder")
    }
    return try recordings.writeAll(reason: reason)
  }

  /// The flight recordings written so far, oldest first.
  public var flightRecordings: [String] { clients.recordings?.written ?? [] }

  /// Offers `store` to clients as `name`. The store keeps its reducer, middleware, clock and
  /// jobs; a client that uses it debugs it from the state it holds then. The agent holds the
  /// store until ``detach(_:)`` or ``stop()``.
  ///
  /// - Parameters:
  ///   - store: The program's store, on the main actor (a store on an actor of its own is
  ///     attached on that actor, with ``attach(_:as:feature:summary:redacting:on:)``).
  ///   - name: How clients name it (`use cart`).
  ///   - feature: The feature the user's debugger registers for this store's reducer
  ///     (`order-book`), which its recordings and saves carry so that `sluice --load`,
  ///     `export-test` and `export-trace` open them there; `nil` (the default): `name`.
  ///   - summary: One line for `features`.
  ///   - secretPaths: State paths whose values never leave the program: shown, diffed, saved
  ///     and recorded as `‹redacted›` (a `@Secret` property is masked without being named).
  /// - Throws: When `name` is taken, a path does not read, or the store lives on another
  ///   actor than the main one.
  ///
  /// Inlinable, so that the debugger's work on each action is specialised for the store's
  /// types in the program.
  @inlinable
  public func attach<State: Codable & Equatable & Sendable, Action: Codable & Sendable>(
    _ store: Store<State, Action>, as name: String, feature: String? = nil, summary: String = "",
    redacting secretPaths: [String] = []
  ) throws {
    try offer(Feature(adopting: store, as: name, feature: feature, summary: summary, redacting: secretPaths))
  }

  /// Offers `store`, which lives on an actor of the program's own (a server's store, as in
  /// README's "A store on an actor of your own"), to clients as `name`; called on that actor,
  /// which passes itself:
  ///
  /// ```swift
  /// actor OrderService {
  ///   private lazy var store = Store(initialState: Orders.State(), reducer: Orders(), isolation: self)
  ///
  ///   func offer(to agent: SluiceAgent) async throws {
  ///     try await agent.attach(store, as: "orders", on: self)
  ///   }
  /// }
  /// ```
  ///
  /// A client debugs it as a store on the main actor: every action in the history with its
  /// state, breakpoints, `step`, `continue`, `jump` and `reset`. While a client debugs it,
  /// each of the store's actions waits for the main actor, where the debugger runs.
  ///
  /// - Parameters:
  ///   - store: The program's store, on `actor`.
  ///   - name: How clients name it (`use orders`).
  ///   - feature: The feature the user's debugger registers for this store's reducer; `nil`
  ///     (the default): `name`.
  ///   - summary: One line for `features`.
  ///   - secretPaths: State paths whose values never leave the program.
  ///   - actor: The actor the store lives on, which makes this call.
  /// - Throws: When `name` is taken, a path does not read, or the store lives on another
  ///   actor than `actor`.
  @inlinable
  public func attach<State: Codable & Equatable & Sendable, Action: Codable & Sendable>(
    _ store: Store<State, Action>, as name: String, feature: String? = nil, summary: String = "",
    redacting secretPaths: [String] = [], on actor: isolated any Actor
  ) async throws {
    let adopted = try Feature(
      adopting: store, as: name, feature: feature, summary: summary, redacting: secretPaths, on: actor)
    try await offer(adopted)
  }

  /// Offers `feature`'s store to clients and names it in the discovery file.
  @usableFromInline
  func offer(_ feature: Feature) throws {
    try clients.offer(feature)
    try server.updateStores(clients.storeNames)
  }

  /// Stops offering the store `name`; a client debugging it gives it back first.
  public func detach(_ name: String) throws {
    clients.withdraw(name)
    try server.updateStores(clients.storeNames)
  }

  /// The names of the stores offered, in the order attached.
  public var storeNames: [String] { clients.storeNames }

  /// The Unix domain socket clients connect to.
  public var socketPath: String { server.socketPath }

  /// The TCP port clients connect to, when TCP is on.
  public var tcpPort: Int? { server.tcpPort }

  /// Disconnects every client (each store given back as it was) and stops listening; the
  /// socket and the discovery file are removed.
  public func stop() async {
    signalSource?.cancel()
    await server.stop()
  }
}
