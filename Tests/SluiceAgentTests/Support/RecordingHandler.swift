import NIOConcurrencyHelpers
import SluiceAgent
@testable import SluiceAgentTransport

/// A handler that answers each line with `echo: LINE` and records what it was told:
/// `connected 1`, `line 1 ping`, `disconnected 1`. A line `hold` waits until `release()`.
final class RecordingHandler: AgentConnectionHandler {
  private struct State {
    var events: [String] = []
    var clients: [AgentClient] = []
    var held: [CheckedContinuation<Void, Never>] = []
    var released = false
    var noticed: [String] = []
  }

  private let state = NIOLockedValueBox(State())
  /// Whether to say `hello` on connecting.
  private let greets: Bool

  init(greets: Bool = false) { self.greets = greets }

  var events: [String] { state.withLockedValue { $0.events } }
  var clients: [AgentClient] { state.withLockedValue { $0.clients } }

  func count(_ event: String) -> Int { events.filter { $0 == event }.count }

  /// The lines the transport noticed, at once, on its own thread, as they arrived.
  var noticed: [String] { state.withLockedValue { $0.noticed } }

  func noticed(_ line: String, from client: AgentClient) {
    state.withLockedValue { $0.noticed.append(line) }
  }

  func connected(_ client: AgentClient) async {
    state.withLockedValue {
      $0.events.append("connected \(client.id)")
      $0.clients.append(client)
    }
    if greets { client.send("hello") }
  }

  func client(_ client: AgentClient, sent line: String) async {
    state.withLockedValue { $0.events.append("line \(client.id) \(line)") }
    if line == "hold" {
      await withCheckedContinuation { continuation in
        let resume = state.withLockedValue { state in
          if !state.released { state.held.append(continuation) }
          return state.released
        }
        if resume { continuation.resume() }
      }
    }
    client.send("echo: \(line)")
  }

  func disconnected(_ client: AgentClient) async {
    state.withLockedValue { $0.events.append("disconnected \(client.id)") }
  }

  /// Lets every held line, and any held later, go on.
  func release() {
    let held = state.withLockedValue { state in
      state.released = true
      defer { state.held = [] }
      return state.held
    }
    for continuation in held { continuation.resume() }
  }
}
