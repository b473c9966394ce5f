#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import Foundation
import SluiceAgentAccess

#if canImport(Glibc)
  private let streamSocket = Int32(SOCK_STREAM.rawValue)
#else
  private let streamSocket = SOCK_STREAM
#endif

struct TestClientError: Error, CustomStringConvertible {
  var description: String
}

/// The agent's tests' client: the one socket client, `AgentSocket`, with async calls that
/// block a thread outside the concurrency pool, and a hang guard: a read waits at most 30
/// seconds for bytes.
final class TestClient: Sendable {
  private let socket: AgentSocket
  /// The longest line a test reads.
  private static let lineLimit = 64 << 20

  init(unixPath path: String) throws {
    socket = try AgentSocket.connect(toSocket: path)
  }

  init(tcpPort port: Int) throws {
    socket = try AgentSocket.connect(toHost: "127.0.0.1", port: port)
  }

  /// Writes `text`; the error when the agent closed the connection.
  @discardableResult
  func write(_ text: String) async -> AgentError? {
    await write(Array(text.utf8))
  }

  /// Writes `bytes`; the error when the agent closed the connection.
  @discardableResult
  func write(_ bytes: [UInt8]) async -> AgentError? {
    await offThePool { () -> AgentError? in
      do throws(AgentError) {
        try self.socket.send(bytes)
        return nil
      } catch {
        return error
      }
    }
  }

  /// The next line; `nil` once the agent closed the connection.
  func readLine() async throws -> String? {
    try await offThePool { Result { try self.socket.readLine(limit: Self.lineLimit, timeout: .seconds(30)) } }.get()
  }

  /// Tells the agent nothing more will be sent.
  func finishSending() {
    socket.finishSending()
  }

  /// Runs blocking `work` on a thread of its own. Not on Dispatch's global queue: its threads
  /// are few, and under a parallel `swift test` the tests' blocked reads took them all, so
  /// that a handshake's write waited behind them past the agent's deadline.
  private func offThePool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
      Thread { continuation.resume(returning: work()) }.start()
    }
  }
}

/// Leaves a socket file at `path` with no one listening, as a process that died would.
func makeSocketFile(_ path: String) throws {
  let descriptor = socket(AF_UNIX, streamSocket, 0)
  defer { close(descriptor) }
  var address = sockaddr_un()
  address.sun_family = sa_family_t(AF_UNIX)
  withUnsafeMutableBytes(of: &address.sun_path) { buffer in
    for (index, byte) in path.utf8.enumerated() { buffer[index] = byte }
  }
  let result = withUnsafePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
      bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
    }
  }
  guard result == 0 else { throw TestClientError(description: "cannot bind \(path)") }
}
