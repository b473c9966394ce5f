#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import Foundation
import SluiceShell
import SluiceFiles

/// A client's connection to a program's agent: lines out, lines in, over a Unix domain socket
/// or TCP. Blocking calls: `sluice` reads on a thread of its own while it writes.
final class AgentConnection: AgentLink {
  private let descriptor: Int32
  /// Keeps the lines of two threads (what is typed, and Ctrl-C's `pause`) whole.
  private let sending = NSLock()
  /// The longest line read before the connection is given up: the agent never sends one
  /// longer than its events.
  static let lineLimit = 64 << 20

  private init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  deinit {
    close(descriptor)
  }

  /// Connects to `target` (a socket or an address; a process id must be resolved first).
  static func connect(to target: AttachTarget) throws(AttachError) -> AgentConnection {
    switch target {
    case .process(let pid):
      throw AttachError("pid \(pid) was not resolved to its socket")
    case .socket(let path):
      return try connect(toSocket: path)
    case .tcp(let host, let port):
      return try connect(toHost: host, port: port)
    }
  }

  private static func connect(toSocket path: String) throws(AttachError) -> AgentConnection {
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let capacity = MemoryLayout.size(ofValue: address.sun_path)
    guard path.utf8.count < capacity else {
      throw AttachError("the socket path \(path) is longer than \(capacity - 1) bytes")
    }
    withUnsafeMutableBytes(of: &address.sun_path) { bytes in
      for (offset, byte) in path.utf8.enumerated() { bytes[offset] = byte }
    }
    #if canImport(Glibc)
      let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let descriptor = socket(AF_UNIX, SOCK_STREAM, 0)
    #endif
    guard descriptor >= 0 else { throw AttachError("cannot make a socket: \(errorText())") }
    let connection = AgentConnection(descriptor: descriptor)
    let result = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    guard result == 0 else {
      throw AttachError("cannot connect to \(path): \(errorText())")
    }
    return connection
  }

  private static func connect(toHost host: String, port: Int) throws(AttachError) -> AgentConnection {
    var hints = addrinfo()
    #if canImport(Glibc)
      hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    #else
      hints.ai_socktype = SOCK_STREAM
    #endif
    var list: UnsafeMutablePointer<addrinfo>?
    let status = getaddrinfo(host, String(port), &hints, &list)
    guard status == 0, let first = list else {
      throw AttachError("cannot resolve \(host): \(String(cString: gai_strerror(status)))")
    }
    defer { freeaddrinfo(list) }
    var reason = "no address"
    var entry: UnsafeMutablePointer<addrinfo>? = first
    while let info = entry {
      let descriptor = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
      if descriptor >= 0 {
        let connection = AgentConnection(descriptor: descriptor)
        if Glibc.connect(descriptor, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 { return connection }
        reason = errorText()
      }
      entry = info.pointee.ai_next
    }
    throw AttachError("cannot connect to \(host):\(port): \(reason)")
  }

  /// Sends `line` and its newline, all of it; safe from any thread.
  func send(_ line: String) throws(AttachError) {
    sending.lock()
    defer { sending.unlock() }
    var bytes = Array(line.utf8)
    bytes.append(UInt8(ascii: "\n"))
    var sent = 0
    while sent < bytes.count {
      let count = bytes[sent...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
      if count < 0 {
        if errno == EINTR { continue }
        throw AttachError("the program closed the connection: \(errorText())")
      }
      sent += count
    }
  }

  /// Sends `line`; `false` when the connection is gone.
  func sendLine(_ line: String) -> Bool {
    (try? send(line)) != nil
  }

  /// The longest handshake line read: the agent's is under 200 bytes.
  static let handshakeLineLimit = 1024
  /// How long the agent may take to answer the handshake: whoever holds the port may never.
  static let handshakeTimeout = timeval(tv_sec: 10, tv_usec: 0)

  /// Reads the agent's handshake line, a byte at a time so that nothing after it is taken
  /// from what `readLines(_:)` reads next.
  ///
  /// - Throws: When the connection ends, the line is too long, or no line comes in time.
  func readHandshakeLine() throws(AttachError) -> String {
    var timeout = Self.handshakeTimeout
    setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    defer {
      var never = timeval(tv_sec: 0, tv_usec: 0)
      setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &never, socklen_t(MemoryLayout<timeval>.size))
    }
    var line: [UInt8] = []
    var byte: UInt8 = 0
    while line.count <= Self.handshakeLineLimit {
      let count = recv(descriptor, &byte, 1, 0)
      if count < 0, errno == EINTR { continue }
      if count < 0, errno == EAGAIN || errno == EWOULDBLOCK {
        throw AttachError("the program did not answer the handshake within \(Self.handshakeTimeout.tv_sec) seconds")
      }
      guard count > 0 else { throw AttachError("the program closed the connection during the handshake") }
      if byte == UInt8(ascii: "\n") { return String(decoding: line, as: UTF8.self) }
      line.append(byte)
    }
    throw AttachError("the program's handshake line is longer than \(Self.handshakeLineLimit) bytes")
  }

  /// Tells the agent nothing more will be sent: it answers what it has and ends the run.
  func finishSending() {
    shutdown(descriptor, Int32(SHUT_WR))
  }

  /// The lines the agent sends, until it closes the connection; a line that is not UTF-8 is
  /// read with replacement characters, and one over ``lineLimit`` ends the reading.
  func readLines(_ body: (String) -> Void) {
    var pending: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 << 10)
    while true {
      let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { break }
      var start = 0
      for index in 0..<count where chunk[index] == UInt8(ascii: "\n") {
        pending += chunk[start..<index]
        body(String(decoding: pending, as: UTF8.self))
        pending.removeAll(keepingCapacity: true)
        start = index + 1
      }
      pending += chunk[start..<count]
      if pending.count > Self.lineLimit { return }
    }
    if !pending.isEmpty { body(String(decoding: pending, as: UTF8.self)) }
  }
}
