#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import Foundation
import Synchronization

#if canImport(Glibc)
  private let streamSocket = Int32(SOCK_STREAM.rawValue)
  private let noSignal = Int32(MSG_NOSIGNAL)
#else
  private let streamSocket = SOCK_STREAM
  private let noSignal: Int32 = 0
#endif

/// `close(2)` and `send(2)` under names the client's own methods do not shadow.
private func closeDescriptor(_ descriptor: Int32) { _ = close(descriptor) }
private func sendBytes(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  send(descriptor, bytes, count, noSignal)
}

/// A minimal blocking POSIX client of the agent's Unix socket, as a debugger would be: lines
/// are written from the caller's thread, and read on a thread of its own, which counts them.
///
/// A client that reads everything reads until the agent closes the connection; one that
/// stops reading reads until the answer to its first request (a line naming `"id":1`) and
/// then never again, so the agent's lines pile up in the socket and in the agent's bounded
/// buffer behind it.
package final class SocketClient: Sendable {
  /// Whether the reading thread goes on reading after the first answer.
  package enum Reading: Sendable {
    case everything
    case stopsAfterFirstAnswer
  }

  private struct Progress {
    var lines = 0
    var answered = false
    var atEnd = false
  }

  private let descriptor: Int32
  private let progress = Mutex(Progress())
  /// Signalled when the client is closed, to release a reader that stopped reading.
  private let closed = DispatchSemaphore(value: 0)
  /// Signalled by the reading thread when it is done with the descriptor.
  private let readerDone = DispatchSemaphore(value: 0)

  /// Connects to the Unix socket at `path` and starts the reading thread.
  package init(unixPath path: String, reading: Reading) throws(SocketClientError) {
    descriptor = socket(AF_UNIX, streamSocket, 0)
    guard descriptor >= 0 else { throw SocketClientError("socket(): \(String(cString: strerror(errno)))") }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let pathBytes = Array(path.utf8)
    guard pathBytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
      closeDescriptor(descriptor)
      throw SocketClientError("socket path too long: \(path)")
    }
    withUnsafeMutableBytes(of: &address.sun_path) { buffer in
      for (index, byte) in pathBytes.enumerated() { buffer[index] = byte }
    }
    let result = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    guard result == 0 else {
      let message = String(cString: strerror(errno))
      closeDescriptor(descriptor)
      throw SocketClientError("cannot connect to \(path): \(message)")
    }
    #if canImport(Darwin)
      var on: Int32 = 1
      setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
    #endif
    let thread = Thread { [self] in readLines(reading) }
    thread.name = "SocketClient reader"
    thread.start()
  }

  /// How many lines the client has read so far.
  package var linesRead: Int { progress.withLock { $0.lines } }

  /// Whether the answer to the first request (`"id":1`) has been read.
  package var hasAnswer: Bool { progress.withLock { $0.answered } }

  /// Sends `line` and its line ending, whole.
  package func send(_ line: String) throws(SocketClientError) {
    let bytes = Array((line + "\n").utf8)
    var sent = 0
    while sent < bytes.count {
      let result = bytes.withUnsafeBytes { sendBytes(descriptor, $0.baseAddress! + sent, bytes.count - sent) }
      if result < 0 {
        if errno == EINTR { continue }
        throw SocketClientError("send(): \(String(cString: strerror(errno)))")
      }
      sent += result
    }
  }

  /// Disconnects, as a debugger that goes away: both directions shut, the reading thread
  /// ended, the descriptor closed. Returns once it is.
  package func close() {
    shutdown(descriptor, Int32(SHUT_RDWR))
    closed.signal()
    readerDone.wait()
    closeDescriptor(descriptor)
  }

  private func readLines(_ reading: Reading) {
    defer { readerDone.signal() }
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    var line: [UInt8] = []
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { break }
      var stopsNow = false
      for byte in buffer[0..<count] {
        guard byte == UInt8(ascii: "\n") else {
          line.append(byte)
          continue
        }
        let isAnswer = String(decoding: line, as: UTF8.self).contains(#""id":1"#)
        line.removeAll(keepingCapacity: true)
        progress.withLock { progress in
          progress.lines += 1
          if isAnswer, !progress.answered {
            progress.answered = true
            stopsNow = reading == .stopsAfterFirstAnswer
          }
        }
      }
      if stopsNow {
        // Never reads again: waits, holding the descriptor, until the client is closed.
        closed.wait()
        return
      }
    }
    progress.withLock { $0.atEnd = true }
    closed.wait()
  }
}

/// Why a ``SocketClient`` could not connect or send.
package struct SocketClientError: Error, CustomStringConvertible {
  package var description: String

  package init(_ description: String) {
    self.description = description
  }
}
