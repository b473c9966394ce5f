import Foundation
import Sluice
import Testing

@testable import SluiceAgent
@testable import SluiceAgentTransport

/// A tally the tests' program keeps, with a secret beside it.
private struct Tally: Reducer {
  struct State: Codable, Equatable, Sendable {
    var count = 0
    var token = "s3cr3t-token-123"
  }

  enum Action: Codable, Sendable {
    case add
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.count += 1
    return .none
  }
}

/// The agent with a real store: what the program sees while a client is attached.
@MainActor
@Suite struct AttachedStoreTests {
  private func startAgent(in folder: TemporaryFolder, outboundLineLimit: Int = 4096) async throws -> SluiceAgent {
    var configuration = AgentConfiguration()
    configuration.environment = folder.environment
    configuration.outboundLineLimit = outboundLineLimit
    return try await SluiceAgent.start(configuration)
  }

  /// Attaches a client that sends `command` and waits for its answer.
  private func attachClient(to agent: SluiceAgent, sending command: String) async throws -> TestClient {
    let client = try TestClient(unixPath: agent.socketPath)
    _ = await client.write(#"{"id":1,"command":"\#(command)"}"# + "\n")
    _ = try await read(client, until: #""event":"completed""#)
    return client
  }

  /// Reads lines until one contains `text`, and returns it.
  private func read(_ client: TestClient, until text: String) async throws -> String {
    while let line = try await client.readLine() {
      if line.contains(text) { return line }
    }
    throw TestClientError(description: "the connection ended before a line with \(text)")
  }

  /// The transport refuses a line too long in the protocol's words: an `error` event, then
  /// the connection closes (the transport itself speaks no protocol).
  @Test func aLineTheTransportRefusesIsAnsweredWithTheProtocolsErrorEvent() async throws {
    let folder = try TemporaryFolder()
    var configuration = AgentConfiguration()
    configuration.environment = folder.environment
    configuration.maximumLineLength = 64
    let agent = try await SluiceAgent.start(configuration)
    let client = try TestClient(unixPath: agent.socketPath)
    _ = await client.write(String(repeating: "x", count: 100) + "\n")
    let error = try await read(client, until: "line longer than 64 bytes")
    #expect(error.hasPrefix(#"{"event":"error","version":1,"message":"line longer than 64 bytes""#), "\(error)")
    #expect(try await client.readLine() == nil)
    await agent.stop()
  }

  @Test func aClientThatStopsReadingNeverSlowsTheProgramAndHearsOfWhatWasDropped() async throws {
    let folder = try TemporaryFolder()
    let agent = try await startAgent(in: folder, outboundLineLimit: 64)
    let store = Store(initialState: Tally.State(), reducer: Tally())
    try agent.attach(store, as: "tally")
    let client = try await attachClient(to: agent, sending: "use tally")

    // The client reads nothing from now on; the program's sends all go through at once.
    for _ in 0..<5_000 { store.send(.add) }
    #expect(store.state.count == 5_000)

    // When it reads again, it is told how many events it missed.
    let notice = try await read(client, until: #""event":"eventsDropped""#)
    #expect(notice.contains(#""count":"#))
    await agent.stop()
  }

  @Test func aPathTheProgramMarkedSecretNeverReachesTheClient() async throws {
    let folder = try TemporaryFolder()
    let agent = try await startAgent(in: folder)
    let store = Store(initialState: Tally.State(), reducer: Tally())
    try agent.attach(store, as: "tally", redacting: ["token"])
    let client = try await attachClient(to: agent, sending: "use tally")
    _ = await client.write(#"{"id":2,"command":"print"}"# + "\n")
    let answer = try await read(client, until: #""event":"value""#)
    #expect(answer.contains("‹redacted›"))
    #expect(!answer.contains("s3cr3t"))
    await agent.stop()
  }

  @Test func aScriptThatStopsAtAnErrorStillGivesTheStoreBack() async throws {
    let folder = try TemporaryFolder()
    let agent = try await startAgent(in: folder)
    let store = Store(initialState: Tally.State(), reducer: Tally())
    try agent.attach(store, as: "tally")
    let script = try TestClient(unixPath: agent.socketPath)
    // The run stops at line 3; the lines after it keep coming.
    let lines = ["use tally", "break add", "no-such-command"] + Array(repeating: "print count", count: 200)
    _ = await script.write(lines.joined(separator: "\n") + "\n")
    _ = try await read(script, until: #""event":"finished""#)
    while try await script.readLine() != nil {}

    // The client is gone, so the store is given back and another client may attach, once the
    // agent has heard of it (a refused client is told so and tries again).
    var next = try TestClient(unixPath: agent.socketPath)
    var hello = try await read(next, until: #""event""#)
    let deadline = ContinuousClock.now + .seconds(300)  // a guard against a hang, never a limit
    while !hello.contains(#""event":"hello""#), hello.contains("another debugger"), ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(10))
      next = try TestClient(unixPath: agent.socketPath)
      hello = try await read(next, until: #""event""#)
    }
    #expect(hello.contains(#""event":"hello""#))
    store.send(.add)
    #expect(!store.isPaused)
    #expect(store.state.count == 1)
    await agent.stop()
  }

  @Test func detachingGivesTheStoreBackAndTheStoreNoLongerReports() async throws {
    let folder = try TemporaryFolder()
    let agent = try await startAgent(in: folder)
    let store = Store(initialState: Tally.State(), reducer: Tally())
    try agent.attach(store, as: "tally")
    // Connected until the end: a client that goes gives the store back by itself.
    let client = try await attachClient(to: agent, sending: "use tally")
    defer { withExtendedLifetime(client) {} }
    #expect(store.actionObserver != nil)

    try agent.detach("tally")
    #expect(store.actionObserver == nil)
    #expect(store.monitor == nil)
    #expect(agent.storeNames.isEmpty)
    store.send(.add)
    #expect(store.state.count == 1)
    await agent.stop()
  }

  @Test func stoppingTheAgentGivesEveryStoreBack() async throws {
    let folder = try TemporaryFolder()
    let agent = try await startAgent(in: folder)
    let store = Store(initialState: Tally.State(), reducer: Tally())
    try agent.attach(store, as: "tally")
    let client = try await attachClient(to: agent, sending: "break add")
    defer { withExtendedLifetime(client) {} }
    store.send(.add)
    #expect(store.isPaused)

    await agent.stop()
    #expect(!store.isPaused)
    #expect(store.state.count == 1)
    #expect(store.actionObserver == nil)
  }
}
