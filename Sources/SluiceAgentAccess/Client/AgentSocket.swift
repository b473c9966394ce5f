#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import Foundation
import SluiceFiles

#if canImport(Glibc)
  private let systemSend = Glibc.send
  private let streamSocket = Int32(SOCK_STREAM.rawValue)
  private let noSignal = Int32(MSG_NOSIGNAL)
#else
  private let systemSend = Darwin.send
  private let streamSocket = SOCK_STREAM
  private let noSignal: Int32 = 0  // Darwin: SO_NOSIGPIPE is set on the socket instead.
#endif

/// A client's connection to an agent, over its Unix socket or TCP: lines out, lines in. The
/// one socket client: `sluice attach` and the agent's tests use it.
///
/// Blocking calls, for a thread of their own: one thread may send while another reads.
/// Reading keeps what it received past a line for the next read, so a few lines read one at a
/// time (the handshake) and a loop over the rest see every byte once.
///
/// `@unchecked Sendable`: its only mutable state, `received` and `atEnd`, is read and written
/// only while `reading` is held, and a send only while `sending` is; the descriptor never
/// changes.
package final class AgentSocket: @unchecked Sendable {
  private let descriptor: Int32
  /// Serialises sends: lines from two threads never interleave.
  private let sending = NSLock()
  /// Guards `received` and `atEnd`.
  private let reading = NSLock()
  /// What was received past the last line handed out.
  private var received: [UInt8] = []
  /// Whether the agent closed its side.
  private var atEnd = false

  private init(descriptor: Int32) {
    self.descriptor = descriptor
    #if canImport(Darwin)
      var on: Int32 = 1
      setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
    #endif
  }

  deinit {
    close(descriptor)
  }

  /// Connects to the agent's Unix socket at `path`.
  package static func connect(toSocket path: String) throws(AgentError) -> AgentSocket {
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let capacity = MemoryLayout.size(ofValue: address.sun_path)
    guard path.utf8.count < capacity else {
      throw AgentError("the socket path \(path) is longer than \(capacity - 1) bytes")
    }
    withUnsafeMutableBytes(of: &address.sun_path) { bytes in
      for (offset, byte) in path.utf8.enumerated() { bytes[offset] = byte }
    }
    let descriptor = socket(AF_UNIX, streamSocket, 0)
    guard descriptor >= 0 else { throw AgentError("cannot make a socket: \(errorText())") }
    let connection = AgentSocket(descriptor: descriptor)
    let result = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        #if canImport(Glibc)
          Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
        #else
          Darwin.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
        #endif
      }
    }
    guard result == 0 else { throw AgentError("cannot connect to \(path): \(errorText())") }
    return connection
  }

  /// Connects to the agent's TCP port on `host`, trying each address the name resolves to.
  package static func connect(toHost host: String, port: Int) throws(AgentError) -> AgentSocket {
    var hints = addrinfo()
    hints.ai_socktype = streamSocket
    var list: UnsafeMutablePointer<addrinfo>?
    let status = getaddrinfo(host, String(port), &hints, &list)
    guard status == 0, let first = list else {
      throw AgentError("cannot resolve \(host): \(String(cString: gai_strerror(status)))")
    }
    defer { freeaddrinfo(list) }
    var reason = "no address"
    var entry: UnsafeMutablePointer<addrinfo>? = first
    while let info = entry {
      let descriptor = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
      if descriptor >= 0 {
        let connection = AgentSocket(descriptor: descriptor)
        #if canImport(Glibc)
          let connected = Glibc.connect(descriptor, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0
        #else
          let connected = Darwin.connect(descriptor, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0
        #endif
        if connected { return connection }
        reason = errorText()
      }
      entry = info.pointee.ai_next
    }
    throw AgentError("cannot connect to \(host):\(port): \(reason)")
  }

  /// Sends `bytes` whole.
  ///
  /// - Throws: when the agent closed the connection.
  package func send(_ bytes: [UInt8]) throws(AgentError) {
    sending.lock()
    defer { sending.unlock() }
    var sent = 0
    while sent < bytes.count {
      // MSG_NOSIGNAL: a closed peer is an error to report, not a SIGPIPE that ends the process.
      let count = bytes[sent...].withUnsafeBytes { systemSend(descriptor, $0.baseAddress, $0.count, noSignal) }
      if count < 0 {
        if errno == EINTR { continue }
        throw AgentError("the program closed the connection: \(errorText())")
      }
      sent += count
    }
  }

  /// Sends `line` and its newline.
  package func send(line: String) throws(AgentError) {
    try send(Array(line.utf8) + [UInt8(ascii: "\n")])
  }

  /// The next line, without its newline; `nil` once the agent closed its side (a last line
  /// without a newline is given first).
  ///
  /// - Parameters:
  ///   - limit: The longest line taken, in bytes.
  ///   - timeout: How long to wait for bytes at a time; `nil`: as long as it takes.
  /// - Throws: when the line is longer than `limit`, the wait ran out, or reading failed.
  package func readLine(limit: Int, timeout: Duration? = nil) throws(AgentError) -> String? {
    setReceiveTimeout(timeout)
    defer { if timeout != nil { setReceiveTimeout(nil) } }
    reading.lock()
    defer { reading.unlock() }
    var searched = 0
    while true {
      if let newline = received[searched...].firstIndex(of: UInt8(ascii: "\n")) {
        guard newline <= limit else { throw AgentError("the program sent a line longer than \(limit) bytes") }
        let line = String(decoding: received[..<newline], as: UTF8.self)
        received.removeSubrange(...newline)
        return line
      }
      searched = received.count
      guard received.count <= limit else { throw AgentError("the program sent a line longer than \(limit) bytes") }
      if atEnd {
        guard !received.isEmpty else { return nil }
        defer { received.removeAll() }
        return String(decoding: received, as: UTF8.self)
      }
      var chunk = [UInt8](repeating: 0, count: 64 << 10)
      let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      if count > 0 {
        received += chunk[..<count]
      } else if count == 0 || errno == ECONNRESET {
        atEnd = true
      } else if errno == EAGAIN || errno == EWOULDBLOCK {
        throw AgentError("the program did not answer within \(timeout.map { "\($0)" } ?? "the time allowed")")
      } else if errno != EINTR {
        throw AgentError("reading from the program failed: \(errorText())")
      }
    }
  }

  /// The bytes that arrive next, as they come (for a peer that frames its messages other
  /// than by lines, as `sluice dap --listen` does); `nil` once the peer closed its side.
  ///
  /// - Throws: when reading failed.
  package func receive() throws(AgentError) -> [UInt8]? {
    reading.lock()
    defer { reading.unlock() }
    if !received.isEmpty {
      defer { received.removeAll() }
      return received
    }
    while !atEnd {
      var chunk = [UInt8](repeating: 0, count: 64 << 10)
      let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      if count > 0 { return Array(chunk[..<count]) }
      if count == 0 || errno == ECONNRESET {
        atEnd = true
      } else if errno != EINTR {
        throw AgentError("reading from the peer failed: \(errorText())")
      }
    }
    return nil
  }

  /// Calls `body` with each line until the agent closes its side, or sends a line longer
  /// than `limit` (which ends the reading).
  package func readLines(limit: Int, _ body: (String) -> Void) {
    while let line = try? readLine(limit: limit) { body(line) }
  }

  /// Tells the agent nothing more will be sent; reading goes on.
  package func finishSending() {
    shutdown(descriptor, Int32(SHUT_WR))
  }

  /// Waits at most `timeout` for bytes at a time (`nil`: as long as it takes).
  private func setReceiveTimeout(_ timeout: Duration?) {
    let seconds = timeout?.components.seconds ?? 0
    let microseconds = (timeout?.components.attoseconds ?? 0) / 1_000_000_000_000
    var value = timeval(tv_sec: Int(seconds), tv_usec: .init(microseconds))
    setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &value, socklen_t(MemoryLayout<timeval>.size))
  }
}
