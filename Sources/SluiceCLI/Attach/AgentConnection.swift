import SluiceAgentAccess
import SluiceShell

/// `sluice attach`'s connection to a program's agent: the shared ``AgentSocket``, with the
/// limits and the words of an attached client. Lines are sent from the main thread and read
/// on a thread of their own.
final class AgentConnection: AgentLink {
  private let socket: AgentSocket
  /// The longest line read from the agent: a snapshot of a large state fits, a runaway
  /// stream does not fill the memory.
  static let lineLimit = 64 << 20
  /// The longest handshake line: they are under 200 bytes.
  static let handshakeLineLimit = 1024
  /// How long the handshake's answer may take.
  static let handshakeTimeout: Duration = .seconds(10)

  private init(socket: AgentSocket) {
    self.socket = socket
  }

  /// Connects to `target`: a socket path, or a host and port (a pid is resolved first).
  static func connect(to target: AttachTarget) throws(AttachError) -> AgentConnection {
    do throws(AgentError) {
      switch target {
      case .process(let pid):
        throw AgentError("pid \(pid) was not resolved to its socket")
      case .socket(let path):
        return AgentConnection(socket: try AgentSocket.connect(toSocket: path))
      case .tcp(let host, let port):
        return AgentConnection(socket: try AgentSocket.connect(toHost: host, port: port))
      }
    } catch {
      throw AttachError(error.message)
    }
  }

  /// Sends `line` and its newline.
  func send(_ line: String) throws(AttachError) {
    do { try socket.send(line: line) } catch { throw AttachError(error.message) }
  }

  /// Sends `line`; `false` when the connection is gone.
  func sendLine(_ line: String) -> Bool {
    (try? send(line)) != nil
  }

  /// Reads one line of the TCP handshake, waiting at most ``handshakeTimeout``.
  func readHandshakeLine() throws(AttachError) -> String {
    let line: String?
    do {
      line = try socket.readLine(limit: Self.handshakeLineLimit, timeout: Self.handshakeTimeout)
    } catch {
      throw AttachError(
        error.message.contains("did not answer")
          ? "the program did not answer the handshake within \(Self.handshakeTimeout)" : error.message)
    }
    guard let line else { throw AttachError("the program closed the connection during the handshake") }
    return line
  }

  /// Reads one line of at most `limit` bytes, waiting at most `timeout`; `nil` at the end.
  func socketLine(limit: Int, timeout: Duration) throws(AgentError) -> String? {
    try socket.readLine(limit: limit, timeout: timeout)
  }

  /// Tells the agent nothing more will be sent.
  func finishSending() {
    socket.finishSending()
  }

  /// Calls `body` with each line the agent sends, until it closes the connection (or sends a
  /// line longer than ``lineLimit``).
  func readLines(_ body: (String) -> Void) {
    socket.readLines(limit: Self.lineLimit, body)
  }
}
