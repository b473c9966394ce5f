import Foundation
import SluiceShell
import Testing

@testable import SluiceCLI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `sluice attach HOST:PORT` against whoever holds the port: the agent must prove it holds
/// the token before the client sends anything that depends on it, and the token itself is
/// never sent.
@Suite struct AttachHandshakeTests {
  @Test func aProcessHoldingThePortNeverGetsTheToken() async throws {
    let secrets = try ScriptFolder()
    let token = "correct-horse-battery-staple"
    let tokenFile = try secrets.write("token", token + "\n")
    chmod(tokenFile, 0o600)
    let squatter = try Squatter()
    let run = AttachedRun(format: .json, tokenFile: tokenFile) { _, _ in }
    var refusal: String?
    do {
      // Dropped at once: the squatter then reads to the end of what was sent.
      _ = try run.connect(to: .tcp(host: "127.0.0.1", port: squatter.port))
    } catch {
      refusal = error.description
    }
    let received = await squatter.everythingReceived()
    #expect(!received.contains(token), "the client sent: \(received)")
    #expect(received.hasPrefix(#"{"clientNonce":""#))
    #expect(refusal?.contains("could not prove it holds the token") == true, "\(refusal ?? "no refusal")")
  }
}

/// A process that took a port and answers the handshake's first line as an agent would, with
/// a proof it cannot make without the token; it records every byte a client sends.
private final class Squatter: Sendable {
  let port: Int
  private let listener: Int32
  /// What the client sent, once it closed the connection.
  private let received = Locked<String?>(nil)
  private let done = DispatchSemaphore(value: 0)

  init() throws {
    #if canImport(Glibc)
      let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let listener = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    self.listener = listener
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
        bind(listener, address, length) == 0 && listen(listener, 1) == 0 && getsockname(listener, address, &length) == 0
      }
    }
    guard bound else {
      close(listener)
      throw SquatterError()
    }
    port = Int(UInt16(bigEndian: address.sin_port))
    // Accepting already, before the client connects and waits for the answer.
    let (box, finished) = (received, done)
    // A thread of its own: Dispatch's global queue has about one thread per core on Linux.
    Thread {
      let text = Self.serveOneClient(on: listener)
      box.withLock { $0 = text }
      finished.signal()
    }.start()
  }

  deinit { close(listener) }

  /// Everything the client sent until it closed the connection.
  func everythingReceived() async -> String {
    await withCheckedContinuation { continuation in
      Thread {
        self.done.wait()
        continuation.resume(returning: self.received.withLock { $0 } ?? "")
      }.start()
    }
  }

  /// Accepts one client, answers its first line, and returns everything it sent until it
  /// closed the connection.
  private static func serveOneClient(on listener: Int32) -> String {
    let client = accept(listener, nil, nil)
    defer { close(client) }
    var guardTime = timeval(tv_sec: 30, tv_usec: 0)
    setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &guardTime, socklen_t(MemoryLayout<timeval>.size))
    var received: [UInt8] = []
    var answered = false
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = recv(client, &chunk, chunk.count, 0)
      guard count > 0 else { break }
      received += chunk[..<count]
      if !answered, received.contains(UInt8(ascii: "\n")) {
        answered = true
        let reply = Array(
          (#"{"agentNonce":""# + String(repeating: "1", count: 64) + #"","agentProof":""#
            + String(repeating: "2", count: 64) + "\"}\n").utf8)
        _ = reply.withUnsafeBytes { send(client, $0.baseAddress, $0.count, 0) }
      }
    }
    return String(decoding: received, as: UTF8.self)
  }
}

private struct SquatterError: Error {}
