import Foundation
import Sluice
import Testing

@testable import SluiceAgent
@testable import SluiceAgentTransport

/// An order book the tests' program keeps.
private struct OrderBook: Reducer {
  struct State: Codable, Equatable, Sendable {
    var orders = 0
  }

  enum Action: Codable, Sendable {
    case place
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.orders += 1
    return .none
  }
}

/// A service that keeps its store on an actor of its own, as README's server pattern does,
/// and offers it to the agent there.
private actor OrderService {
  private lazy var store = Store(initialState: OrderBook.State(), reducer: OrderBook(), isolation: self)

  func offer(to agent: SluiceAgent) async throws {
    try await agent.attach(store, as: "orders", summary: "the service's order book", on: self)
  }

  /// Places an order, as a request handler would; returns the count after it.
  @discardableResult
  func place() -> Int {
    store.send(.place)
    return store.state.orders
  }

  var orders: Int { store.state.orders }
  var isPaused: Bool { store.isPaused }
}

/// A client attached through the agent to a store that lives on an actor of its own.
@MainActor
@Suite struct ActorStoreAttachTests {
  /// Sends `command` as request `id` and returns the lines up to its completion.
  private func run(_ command: String, id: Int, on client: TestClient) async throws -> [String] {
    _ = await client.write(#"{"id":\#(id),"command":"\#(command)"}"# + "\n")
    var lines: [String] = []
    while let line = try await client.readLine() {
      lines.append(line)
      if line.contains(#""event":"completed""#), line.contains(#""id":\#(id)"#) { return lines }
    }
    throw TestClientError(description: "the connection ended before \(command) completed")
  }

  @Test func aClientDebugsAStoreOnAnActorOfItsOwnAndDetachingLeavesItRunning() async throws {
    let folder = try TemporaryFolder()
    var configuration = AgentConfiguration()
    configuration.environment = folder.environment
    let agent = try await SluiceAgent.start(configuration)
    let service = OrderService()
    await service.place()
    try await service.offer(to: agent)
    #expect(agent.storeNames == ["orders"])

    let client = try TestClient(unixPath: agent.socketPath)
    _ = try await run("use orders", id: 1, on: client)
    // The program places two orders on its actor: the session records each with its state.
    await service.place()
    await service.place()
    let log = try await run("log", id: 2, on: client).joined(separator: "\n")
    // Told as they happened, with the state each made, and listed by `log`.
    #expect(log.contains(#""index":1,"action":".place""#) && log.contains(#"{"path":"orders","old":"1","new":"2"}"#))
    #expect(log.contains(#""index":2,"action":".place""#) && log.contains(#"{"path":"orders","old":"2","new":"3"}"#))
    #expect(log.contains(##""lines":["#1 .place  ← external  changed: orders","#2 .place  ← external  changed: orders"]"##))
    #expect(try await run("print orders at 1", id: 3, on: client).joined().contains(#""2""#))
    #expect(try await run("print orders at 2", id: 4, on: client).joined().contains(#""3""#))

    // A breakpoint stops the program's next order before it is placed; `step` places it.
    _ = try await run("break place", id: 5, on: client)
    #expect(await service.place() == 3)
    #expect(await service.isPaused)
    _ = try await run("step", id: 6, on: client)
    #expect(await service.orders == 4)
    _ = try await run("delete", id: 7, on: client)
    _ = try await run("continue", id: 8, on: client)

    // Back in time: the program's store holds the old state.
    _ = try await run("jump 1", id: 9, on: client)
    #expect(await service.orders == 2)

    // Paused from the client, the program's orders wait; giving the store back runs them.
    _ = try await run("pause", id: 10, on: client)
    #expect(await service.place() == 2)
    await agent.stop()
    #expect(await service.isPaused == false)
    #expect(await service.orders == 3)
    #expect(await service.place() == 4)
  }
}
