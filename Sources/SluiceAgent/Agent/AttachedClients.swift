#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import SluiceDebugger
import SluiceReporting

/// The program's side of every connection: the stores offered, and the one client allowed
/// to debug them at a time.
///
/// One client at a time, as a process has one debugger under gdb: two clients stepping the
/// same store would each see the other's steps as the program's. A second client is sent an
/// error naming the one attached, and disconnected.
@MainActor
final class AttachedClients: AgentConnectionHandler {
  private let program: String
  private var features: [Feature] = []
  private var active: ClientSession?

  init(program: String) {
    self.program = program
  }

  var storeNames: [String] { features.map(\.name) }

  /// Offers a store to clients, the one attached included.
  func offer(_ feature: Feature) throws(DebugError) {
    guard !features.contains(where: { $0.name == feature.name }) else {
      throw DebugError("a store named '\(feature.name)' is attached already")
    }
    features.append(feature)
    try active?.debugger.register(feature)
  }

  /// Stops offering the store `name`; the client debugging it gives it back first.
  func withdraw(_ name: String) {
    features.removeAll { $0.name == name }
    active?.debugger.unregister(name)
  }

  func connected(_ client: AgentClient) async {
    if let active {
      client.sendLastLine(
        JSONEventWriter().line(
          forError: "another debugger is attached to \(program) (client \(active.client.id)); one client at a time",
          at: nil))
      return
    }
    let session = ClientSession(client: client, features: features, options: SessionOptions())
    active = session
    session.start(hello: ProtocolEvent(.hello(.init(program: program, pid: Int(getpid()), stores: storeNames))).line)
  }

  func client(_ client: AgentClient, sent line: String) async {
    guard let active, active.client === client else { return }
    await active.deliver(line)
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
  }
}
