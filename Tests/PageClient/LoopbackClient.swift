import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A plain TCP client on 127.0.0.1 for the page server's tests (hosted, and attached): raw HTTP requests, and a
/// WebSocket spoken by hand (a masked text frame out, unmasked frames in). Reads time out
/// (`SO_RCVTIMEO`), so a server that never answers fails the test instead of hanging it.
/// Blocking: the tests call it off the main actor, where the page's answers are made.
// `@unchecked Sendable`: a test uses a client from one task at a time, each call awaited
// before the next (`offMainActor`), so its socket and buffer are never touched at once.
package final class LoopbackClient: @unchecked Sendable {
  private let socket: Int32
  /// The port it connected to, which its requests name in `Host` and `Origin` as a browser would.
  package let port: Int
  private var buffer: [UInt8] = []

  package struct Failure: Error, CustomStringConvertible {
    package let description: String

    package init(description: String) {
      self.description = description
    }
  }

  package init(port: Int, timeoutSeconds: Int = 20) throws {
    self.port = port
    #if canImport(Glibc)
      socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      socket = Darwin.socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard socket >= 0 else { throw Failure(description: "socket() failed: errno \(errno)") }
    var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
    setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard connected == 0 else {
      close(socket)
      throw Failure(description: "cannot connect to 127.0.0.1:\(port): errno \(errno)")
    }
  }

  deinit { close(socket) }

  package func write(_ bytes: [UInt8]) throws {
    var sent = 0
    while sent < bytes.count {
      let count = bytes[sent...].withUnsafeBytes { send(socket, $0.baseAddress, $0.count, 0) }
      guard count > 0 else { throw Failure(description: "send() failed: errno \(errno)") }
      sent += count
    }
  }

  /// Reads at least `count` more bytes into the buffer.
  private func fill(_ count: Int) throws {
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while buffer.count < count {
      let read = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
      guard read > 0 else { throw Failure(description: read == 0 ? "the server closed the connection" : "no answer in time") }
      buffer += chunk[..<read]
    }
  }

  private func take(_ count: Int) throws -> [UInt8] {
    try fill(count)
    defer { buffer.removeFirst(count) }
    return Array(buffer[..<count])
  }

  /// Sends an HTTP/1.1 request and reads the response's head (status line and headers), and
  /// its body when it says how long it is. `Host` is `127.0.0.1:PORT`, as a browser sends it,
  /// unless `headers` has one.
  package func request(_ target: String, headers: [String] = []) throws -> (status: Int, head: String, body: String) {
    let host = headers.contains { $0.lowercased().hasPrefix("host:") } ? [] : ["Host: 127.0.0.1:\(port)"]
    let lines = ["GET \(target) HTTP/1.1"] + host + headers + ["", ""]
    try write(Array(lines.joined(separator: "\r\n").utf8))
    return try readResponse()
  }

  /// Reads a response's head, and its body when it says how long it is.
  package func readResponse() throws -> (status: Int, head: String, body: String) {
    while true {
      if let end = buffer.firstRange(of: Array("\r\n\r\n".utf8)) {
        let head = String(decoding: buffer[..<end.lowerBound], as: UTF8.self)
        buffer.removeFirst(end.upperBound)
        let status = Int(head.split(separator: " ").dropFirst().first ?? "") ?? 0
        let length = head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
          .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
        return (status, head, String(decoding: try take(length), as: UTF8.self))
      }
      try fill(buffer.count + 1)
    }
  }

  /// The upgrade request a browser sends for `target`, from the page's own origin
  /// (`Origin: http://127.0.0.1:PORT`) unless `headers` are given: then with those instead.
  package func upgrade(_ target: String, headers: [String]? = nil) throws -> (status: Int, head: String) {
    let answer = try request(
      target,
      headers: [
        "Upgrade: websocket", "Connection: Upgrade", "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==",
        "Sec-WebSocket-Version: 13",
      ] + (headers ?? ["Origin: http://127.0.0.1:\(port)"]))
    return (answer.status, answer.head)
  }

  /// Whether the server sends something (or closes) within `milliseconds`: `false` for a
  /// server that holds the connection unanswered.
  package func answers(withinMilliseconds milliseconds: Int32) -> Bool {
    guard buffer.isEmpty else { return true }
    var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
    return poll(&descriptor, 1, milliseconds) > 0
  }

  /// Sends an HTTP/1.1 request for `target` without reading its answer.
  package func sendRequest(_ target: String) throws {
    try write(Array("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n".utf8))
  }

  /// Waits until the server closes the connection, reading and dropping what it sends:
  /// `true` when it closed, `false` when it said nothing for the client's read timeout.
  package func waitForClose() -> Bool {
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      let read = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
      if read == 0 { return true }
      if read < 0 { return errno == ECONNRESET }
    }
  }

  /// Sends `text` as one masked text frame, as a browser must.
  package func sendText(_ text: String) throws {
    let payload = Array(text.utf8)
    var frame: [UInt8] = [0x81]
    if payload.count < 126 {
      frame.append(0x80 | UInt8(payload.count))
    } else {
      frame += [0x80 | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xff)]
    }
    let mask: [UInt8] = [0x12, 0x34, 0x56, 0x78]
    frame += mask
    frame += payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
    try write(frame)
  }

  /// The next frame: its opcode (1 text, 8 close) and its payload as text.
  package func receiveFrame() throws -> (opcode: UInt8, text: String) {
    let head = try take(2)
    var length = Int(head[1] & 0x7f)
    if length == 126 {
      let bytes = try take(2)
      length = Int(bytes[0]) << 8 | Int(bytes[1])
    } else if length == 127 {
      length = try take(8).reduce(0) { $0 << 8 | Int($1) }
    }
    let payload = try take(length)
    return (head[0] & 0x0f, String(decoding: payload, as: UTF8.self))
  }

  /// The next text frame's text.
  package func receiveText() throws -> String {
    let frame = try receiveFrame()
    guard frame.opcode == 1 else { throw Failure(description: "expected a text frame, got opcode \(frame.opcode)") }
    return frame.text
  }

  /// The events up to the `completed` of request `id`, one JSON object a line, and any
  /// other events (`changed`) met on the way.
  package func answer(to id: Int, command: String) throws -> [String] {
    try sendText(#"{"id":\#(id),"command":\#(Self.quoted(command))}"#)
    var events: [String] = []
    while true {
      let text = try receiveText()
      events.append(text)
      if text.hasPrefix(#"{"event":"completed","version":1,"id":\#(id),"#) { return events }
    }
  }

  /// `lines`, each a JSON object.
  package static func objects(_ lines: [String]) throws -> [[String: Any]] {
    try lines.map { line in
      guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
        throw Failure(description: "not a JSON object: \(line)")
      }
      return object
    }
  }

  package static func quoted(_ text: String) -> String {
    String(decoding: try! JSONSerialization.data(withJSONObject: [text]), as: UTF8.self).dropFirst().dropLast().description
  }
}

/// Runs blocking client work off the main actor, where the page server answers, on a thread of
/// its own: Dispatch's global queue has about one thread per core on Linux, which blocked
/// reads of tests running beside it can all hold.
package func offMainActor<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
  try await withCheckedThrowingContinuation { continuation in
    Thread { continuation.resume(with: Result { try work() }) }.start()
  }
}
