#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import Sluice
import SluiceAgent

/// A counter store offered by a ``SluiceAgent``, in one of the states benchmark 13 measures
/// the store's send in, against a plain store's. Each waits, before it returns, for what it
/// can see publicly: a store the debugger adopted has a monitor (the session's), one given
/// back has none again (the counter's own store has none), so that nothing measured runs
/// before the agent has done what the state says.
@MainActor
package final class AttachedCounter {
  /// What is attached to the agent when the store's sends are measured.
  package enum Scenario: String, CaseIterable, Sendable {
    /// The agent started and the store attached; no client ever connected.
    case noClient = "agent-idle"
    /// A client connected, used the store and reads every line the agent sends.
    case clientReading = "agent-reading"
    /// A client connected, used the store, and never read again after the answer.
    case clientStoppedReading = "agent-stalled"
    /// A client used the store and disconnected; the store was given back.
    case afterDetach = "agent-detached"
    /// The agent's flight recorder records the store (adopted at once); no client connected.
    case flightRecorder = "agent-recording"
  }

  package let store: Store<Counter.State, Counter.Action>
  private let agent: SluiceAgent
  /// The runtime folder made for this agent alone.
  private let runtimeFolder: String
  private var client: SocketClient?

  private init(store: Store<Counter.State, Counter.Action>, agent: SluiceAgent, runtimeFolder: String) {
    self.store = store
    self.agent = agent
    self.runtimeFolder = runtimeFolder
  }

  /// The lines the connected client has read, or nil without a client.
  package var linesRead: Int? { client?.linesRead }

  /// Starts an agent in a runtime folder of its own, attaches a new counter store and brings
  /// it into `scenario`. Fails the process, saying why, if the agent cannot start or does not
  /// get there within 30 seconds.
  package static func start(_ scenario: Scenario) async -> AttachedCounter {
    let runtimeFolder = useFreshRuntimeFolder()
    // A store a client adopts keeps the program's cycle detection, else gets the debugger's,
    // whose frequency signal exists to flag a million sends a second of one case: the store
    // a client debugs looks for cycles by depth only, as benchmark 2's session does. The
    // others are the plain store of their baseline.
    var cycleDetection: CycleDetection?
    if scenario == .clientReading || scenario == .clientStoppedReading || scenario == .flightRecorder {
      cycleDetection = .default
      cycleDetection?.frequency = nil
    }
    let store = Store(initialState: Counter.State(), reducer: Counter(), cycleDetection: cycleDetection)
    let agent: SluiceAgent
    do {
      // The recorder keeps benchmark 2's session's history; it writes only on a cycle, a
      // signal or a call, none of which the benchmark makes.
      let recorder = scenario == .flightRecorder ? FlightRecorder(keepingLast: 10_000, in: runtimeFolder) : nil
      agent = try await SluiceAgent.start(flightRecorder: recorder)
      try agent.attach(store, as: "counter")
    } catch {
      fatalError("benchmark 13: the agent did not start: \(error)")
    }
    let attached = AttachedCounter(store: store, agent: agent, runtimeFolder: runtimeFolder)
    switch scenario {
    case .noClient:
      break
    case .clientReading:
      await attached.connect(reading: .everything)
    case .clientStoppedReading:
      await attached.connect(reading: .stopsAfterFirstAnswer)
    case .afterDetach:
      await attached.connect(reading: .everything)
      await attached.disconnect()
    case .flightRecorder:
      precondition(store.monitor != nil, "benchmark 13: the flight recorder adopts the store when it is attached")
    }
    return attached
  }

  /// Connects a client that uses the store, and waits until the debugger adopted it and the
  /// client has read the answer.
  private func connect(reading: SocketClient.Reading) async {
    let client: SocketClient
    do {
      client = try SocketClient(unixPath: agent.socketPath, reading: reading)
      try client.send(#"{"id":1,"command":"use counter"}"#)
    } catch {
      fatalError("benchmark 13: the client could not use the store: \(error)")
    }
    self.client = client
    await waitUntil("the debugger adopted the store and the client read its answer") {
      store.monitor != nil && client.hasAnswer
    }
  }

  /// Disconnects the client and waits until the store is given back: no monitor again, which
  /// the session restores after taking its observer off the send path, in one call.
  package func disconnect() async {
    client?.close()
    client = nil
    await waitUntil("the store was given back") { store.monitor == nil }
  }

  /// Disconnects any client, stops the agent (which removes its socket and discovery file)
  /// and removes the runtime folder made for it.
  package func stop() async {
    if client != nil { await disconnect() }
    await agent.stop()
    // The flight recorder wrote nothing (no cycle, signal or call), so the folder is empty.
    rmdir(runtimeFolder + "/sluice")
    rmdir(runtimeFolder)
  }

  /// Lets the main actor run, where the agent answers and adopts, until `condition` holds;
  /// fails the process after 30 seconds, a guard against a broken agent, never an ordering
  /// hoped for.
  private func waitUntil(_ what: String, _ condition: () -> Bool) async {
    let deadline = ContinuousClock.now + .seconds(30)
    while !condition() {
      guard ContinuousClock.now < deadline else { fatalError("benchmark 13: waited 30 s in vain until \(what)") }
      try? await Task.sleep(for: .milliseconds(1))
    }
  }

  /// Points the agent at a new private runtime folder (`$XDG_RUNTIME_DIR`), so a benchmark
  /// run never meets another program's sockets nor leaves its own behind among them.
  /// Returns the folder.
  private static func useFreshRuntimeFolder() -> String {
    var template = Array("/tmp/sluice-bench-XXXXXX".utf8CString)
    guard let folder = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
      fatalError("benchmark 13: mkdtemp failed: \(String(cString: strerror(errno)))")
    }
    setenv("XDG_RUNTIME_DIR", folder, 1)
    return String(cString: folder)
  }
}
