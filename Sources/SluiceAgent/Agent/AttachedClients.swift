#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import NIOConcurrencyHelpers
import SluiceAgentTransport
import SluiceDebugger
import SluiceReporting

/// The program's side of every connection: the stores offered, the debugger that adopts them,
/// and the one client allowed to debug them at a time.
///
/// One client at a time, as a process has one debugger under gdb: two clients stepping the
/// same store would each see the other's steps as the program's. A second client is sent an
/// error naming the one attached, and disconnected.
///
/// A store is adopted when a client first uses it and given back when the client goes, unless
/// the flight recorder keeps it: then it is adopted at once and stays adopted, and a client
/// that goes leaves no breakpoint behind and the store running.
@MainActor
final class AttachedClients: AgentConnectionHandler {
  private let program: String
  let debugger: Debugger
  let recordings: FlightRecordings?
  private let watchers = SessionWatchers()
  private var active: ClientSession? {
    didSet { attachedClientID.withLockedValue { $0 = active?.client.id } }
  }
  /// The attached client's id, for ``noticed(_:from:)`` on the transport's thread, where
  /// `active` (the main actor's) cannot be read: a refused client's `pause` must not stop the
  /// store another client debugs.
  private nonisolated let attachedClientID = NIOLockedValueBox<Int?>(nil)

  init(program: String, flightRecorder: FlightRecorder?) {
    self.program = program
    // No one reads a diff while no client is attached: the flight recorder records without.
    var options = SessionOptions(diffDisplay: .off)
    if let flightRecorder { options.historyLimit = flightRecorder.actionCount }
    debugger = Debugger(registry: FeatureRegistry([]), options: options)
    recordings = flightRecorder.map { FlightRecordings(recorder: $0, program: program) }
  }

  var storeNames: [String] { debugger.registry.names }

  /// Offers a store to clients, the one attached included; the flight recorder starts
  /// recording it.
  func offer(_ feature: Feature) throws(DebugError) {
    guard debugger.registry.feature(named: feature.name) == nil else {
      throw DebugError("a store named '\(feature.name)' is attached already")
    }
    try debugger.register(feature)
    if let recordings { recordings.record(try debugger.load(feature.name)) }
  }

  /// Stops offering the store `name`, giving it back to the program.
  func withdraw(_ name: String) {
    recordings?.forget(name)
    debugger.unregister(name)
  }

  func connected(_ client: AgentClient) async {
    if let active {
      client.sendLastLine(
        JSONEventWriter().line(
          forError: "another debugger is attached to \(program) (client \(active.client.id)); one client at a time",
          at: nil))
      return
    }
    // What happened before the client came is in the history, not news to report; from now
    // on each action comes with its diff, as in the shell.
    setDiffDisplay(.full)
    for name in debugger.loadedFeatures { _ = debugger.session(named: name)?.inspection.takeEvents() }
    let session = ClientSession(client: client, debugger: debugger, watchers: watchers)
    active = session
    let hello = ProtocolEvent.Hello(program: program, pid: Int(getpid()), stores: storeNames, pages: OpenPages.limit)
    session.start(hello: ProtocolEvent(.hello(hello)).line)
  }

  func client(_ client: AgentClient, sent line: String) async {
    guard let active, active.client === client else { return }
    await active.deliver(line)
  }

  /// A `pause` (Ctrl-C in `sluice attach`, or a page's) raises the current session's pause
  /// request at once: a store stuck in a synchronous loop holds the main actor, where the
  /// command would otherwise wait its turn. The command itself still runs, and answers.
  nonisolated func noticed(_ line: String, from client: AgentClient) {
    guard attachedClientID.withLockedValue({ $0 == client.id }) else { return }
    if PauseLine.asksToPause(line) { debugger.currentPauseRequest.raise() }
  }

  func inputEnded(_ client: AgentClient) async {
    // A refused client is closing already, once its error is written.
    guard let active, active.client === client else { return }
    active.endInput()
  }

  func disconnected(_ client: AgentClient) async {
    guard let session = active, session.client === client else { return }
    active = nil
    await session.end()
    giveBackStores(resuming: !session.keepsStoresPaused)
    setDiffDisplay(.off)
    watchers.watchSessions(of: debugger)
  }

  /// Sets how much of each change every session describes, and new ones will; a client
  /// reads every change whatever it shows (`full`), none is read without one (`off`).
  private func setDiffDisplay(_ display: DiffDisplay) {
    let isRead = display != .off
    debugger.options.diffDisplay = display
    debugger.options.eventsCarryChanges = isRead
    for name in debugger.loadedFeatures {
      debugger.session(named: name)?.inspection.diffDisplay = display
      debugger.session(named: name)?.inspection.eventsCarryChanges = isRead
    }
  }

  /// What a client leaves when it goes: every store given back, or, where the flight
  /// recorder keeps it, with the client's breakpoints gone; and running, unless the client
  /// asked that what it paused stay paused.
  private func giveBackStores(resuming: Bool) {
    for name in debugger.loadedFeatures {
      guard let session = debugger.session(named: name) else { continue }
      guard recordings?.isRecording(name) == true else {
        debugger.unload(name, resumingTheStore: resuming)
        continue
      }
      let breakpoints = session.breakpointControl
      for breakpoint in breakpoints.breakpoints { try? breakpoints.deleteBreakpoint(breakpoint.id) }
      if resuming, session.inspection.status == .paused { session.running.continueRunning() }
    }
  }
}
