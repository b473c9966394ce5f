import Foundation
import SluiceReporting

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Serves one editor over a pair of file descriptors (standard input and output, when the
/// editor spawns the adapter): reads frames, hands each to the ``DebugAdapter``, and writes
/// what it returns, numbering the messages.
@MainActor
package final class AdapterConnection {
  private let adapter: DebugAdapter
  private let input: Int32
  private let output: FileHandle
  private var reader = FrameReader()
  private var seq = 0

  /// Whether writing to the editor failed (it went away): the connection then ends.
  private var isClosed = false

  /// A connection for `adapter` reading `input` and writing `output`.
  package init(adapter: DebugAdapter, input: Int32 = STDIN_FILENO, output: FileHandle = .standardOutput) {
    (self.adapter, self.input, self.output) = (adapter, input, output)
  }

  /// Serves until the editor disconnects or closes its side; a framing the adapter cannot
  /// read on ends it, with an `output` event saying why.
  ///
  /// - Returns: Why it ended, when it ended on a broken stream.
  @discardableResult
  package func serve() async -> String? {
    for await chunk in Self.chunks(of: input) {
      for item in reader.take(chunk) {
        switch item {
        case .body(let body):
          for message in await adapter.answer(body: body) { send(message) }
          if adapter.isFinished || isClosed { return nil }
        case .broken(let reason):
          send(.event("output", .object([("category", .string("important")), ("output", .string("sluice dap: \(reason)\n"))])))
          return reason
        }
      }
    }
    return reader.endOfStreamProblem
  }

  private func send(_ message: Outgoing) {
    guard !isClosed else { return }
    seq += 1
    var body: [UInt8] = []
    message.json(seq: seq).write(to: &body)
    do {
      try output.write(contentsOf: Data(framed(body)))
    } catch {
      // The editor went away: nothing more can reach it.
      isClosed = true
    }
  }

  /// The bytes `descriptor` gives, read on a thread of their own (a read blocks; the
  /// concurrency pool's threads must not), until its end.
  private static func chunks(of descriptor: Int32) -> AsyncStream<[UInt8]> {
    AsyncStream { continuation in
      let thread = Thread {
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        while true {
          let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
          if count < 0, errno == EINTR { continue }
          guard count > 0 else { break }
          continuation.yield(Array(buffer[..<count]))
        }
        continuation.finish()
      }
      thread.start()
    }
  }
}
