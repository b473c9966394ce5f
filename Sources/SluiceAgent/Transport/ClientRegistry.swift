import NIOConcurrencyHelpers

/// A server's clients and the tasks that hand their lines to the engine, so that stopping can
/// close every connection and wait until each handler has heard `disconnected`.
final class ClientRegistry: Sendable {
  private struct State {
    var clients: [Int: AgentClient] = [:]
    var deliveries: [Int: Task<Void, Never>] = [:]
    var lastID = 0
    var stopped = false
  }

  private let state = NIOLockedValueBox(State())

  /// An id no other client of this server has.
  func nextID() -> Int {
    state.withLockedValue { state in
      state.lastID += 1
      return state.lastID
    }
  }

  /// Records a new client and its delivery task; false once the server is stopping.
  func add(_ client: AgentClient, delivery: Task<Void, Never>) -> Bool {
    state.withLockedValue { state in
      guard !state.stopped else { return false }
      state.clients[client.id] = client
      state.deliveries[client.id] = delivery
      return true
    }
  }

  /// The client's connection is closed.
  func remove(_ client: AgentClient) {
    _ = state.withLockedValue { $0.clients.removeValue(forKey: client.id) }
  }

  /// The client's delivery task has told the handler everything.
  func deliveryFinished(_ id: Int) {
    _ = state.withLockedValue { $0.deliveries.removeValue(forKey: id) }
  }

  /// Refuses new clients from now on; returns the open ones and every unfinished delivery.
  func stop() -> (clients: [AgentClient], deliveries: [Task<Void, Never>]) {
    state.withLockedValue { state in
      state.stopped = true
      return (Array(state.clients.values), Array(state.deliveries.values))
    }
  }
}
