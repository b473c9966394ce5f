import NIOConcurrencyHelpers

/// A server's clients and the tasks that hand their lines to the engine, so that stopping can
/// close every connection and wait until each handler has heard `disconnected`; and how many
/// connections are open, authenticated or not, for tests that look for leaks.
final class ClientRegistry: Sendable {
  private struct State {
    var clients: [Int: AgentClient] = [:]
    var deliveries: [Int: Task<Void, Never>] = [:]
    var lastID = 0
    var stopped = false
    var openConnections = 0
    var watchers: [Int: AsyncStream<Int>.Continuation] = [:]
    var lastWatcherID = 0
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
    let (result, watchers) = state.withLockedValue { state in
      state.stopped = true
      defer { state.watchers = [:] }
      return ((Array(state.clients.values), Array(state.deliveries.values)), Array(state.watchers.values))
    }
    for watcher in watchers { watcher.finish() }
    return result
  }

  /// A connection was accepted.
  func connectionOpened() {
    changeOpenConnections(by: 1)
  }

  /// A connection accepted before is closed.
  func connectionClosed() {
    changeOpenConnections(by: -1)
  }

  private func changeOpenConnections(by change: Int) {
    state.withLockedValue { state in
      state.openConnections += change
      // Under the lock, so that every watcher sees the counts in the order they were.
      for watcher in state.watchers.values { watcher.yield(state.openConnections) }
    }
  }

  /// The count of open connections now, then each time it changes, until the server stops.
  func openConnectionCounts() -> AsyncStream<Int> {
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    state.withLockedValue { state in
      continuation.yield(state.openConnections)
      guard !state.stopped else {
        continuation.finish()
        return
      }
      state.lastWatcherID += 1
      state.watchers[state.lastWatcherID] = continuation
    }
    return stream
  }
}
