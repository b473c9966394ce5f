#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import Dispatch
import NIOConcurrencyHelpers
@testable import SluiceAgentTransport

#if canImport(Glibc)
  private let streamSocket = Int32(SOCK_STREAM.rawValue)
  private let noSignal = Int32(MSG_NOSIGNAL)
#else
  private let streamSocket = SOCK_STREAM
  private let noSignal: Int32 = 0  // Darwin: SO_NOSIGPIPE is set on the socket instead.
#endif

struct TestClientError: Error, CustomStringConvertible {
  var description: String
}

/// A POSIX socket client, the way a debugger would talk to the agent. Its blocking calls run on
/// Dispatch's threads, never on Swift concurrency's few: a test blocked in a read there could
/// starve the very handler task it waits for. Every read and write gives up after 30 seconds,
/// only so that a broken server fails a test instead of hanging it.
final class TestClient: Sendable {
  private let descriptor: Int32
  private let input = NIOLockedValueBox<(received: [UInt8], atEnd: Bool)>(([], false))

  init(unixPath path: String) throws {
    descriptor = socket(AF_UNIX, streamSocket, 0)
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { buffer in
      for (index, byte) in path.utf8.enumerated() { buffer[index] = byte }
    }
    let result = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    try finishSetup(connected: result == 0, to: path)
  }

  init(tcpPort port: Int) throws {
    descriptor = socket(AF_INET, streamSocket, 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let result = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    try finishSetup(connected: result == 0, to: "127.0.0.1:\(port)")
  }

  private func finishSetup(connected: Bool, to place: String) throws {
    guard connected else {
      let message = String(cString: strerror(errno))
      close(descriptor)
      throw TestClientError(description: "cannot connect to \(place): \(message)")
    }
    var guardTime = timeval(tv_sec: 30, tv_usec: 0)
    setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &guardTime, socklen_t(MemoryLayout<timeval>.size))
    setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &guardTime, socklen_t(MemoryLayout<timeval>.size))
    #if canImport(Darwin)
      var on: Int32 = 1
      setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
    #endif
  }

  deinit { close(descriptor) }

  /// Sends `text` whole; the errno of a failed write, or nil.
  @discardableResult
  func write(_ text: String) async -> Int32? {
    await write(Array(text.utf8))
  }

  /// Sends `bytes` whole; the errno of a failed write, or nil.
  @discardableResult
  func write(_ bytes: [UInt8]) async -> Int32? {
    await offThePool { self.writeBlocking(bytes) }
  }

  /// The next line without its `\n`, or nil once the server closed the connection (an end of
  /// file, or a reset because it closed with bytes of ours unread).
  func readLine() async throws -> String? {
    try await offThePool { try self.readLineBlocking() }.get()
  }

  private func offThePool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
      DispatchQueue.global().async { continuation.resume(returning: work()) }
    }
  }

  private func offThePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async -> Result<T, any Error> {
    await offThePool { Result { try work() } }
  }

  private func writeBlocking(_ bytes: [UInt8]) -> Int32? {
    var sent = 0
    while sent < bytes.count {
      // MSG_NOSIGNAL: a closed peer is an EPIPE to look at, not a SIGPIPE that ends the tests.
      let result = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress! + sent, bytes.count - sent, noSignal) }
      if result < 0 {
        if errno == EINTR { continue }
        return errno
      }
      sent += result
    }
    return nil
  }

  private func readLineBlocking() throws -> String? {
    try input.withLockedValue { input in
      while true {
        if let newline = input.received.firstIndex(of: UInt8(ascii: "\n")) {
          let line = String(decoding: input.received[..<newline], as: UTF8.self)
          input.received.removeSubrange(...newline)
          return line
        }
        guard !input.atEnd else { return nil }
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress!, $0.count, 0) }
        if count > 0 {
          input.received += chunk[..<count]
        } else if count == 0 || errno == ECONNRESET {
          input.atEnd = true
        } else if errno != EINTR {
          throw TestClientError(description: "read failed: \(String(cString: strerror(errno)))")
        }
      }
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
