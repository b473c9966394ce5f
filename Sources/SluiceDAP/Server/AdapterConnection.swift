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
///
/// After an `attach`, it relays instead: each request goes, as a line, to the adapter inside
/// the program (``RelayRequest``), and each message that adapter sends comes back to the
/// editor, numbered here; the local adapter answers only what cannot be read.
@MainActor
package final class AdapterConnection {
  private let adapter: DebugAdapter
  private let input: Int32
  private let output: FileHandle
  private let connector: RelayConnector?
  private var reader = FrameReader()
  private var seq = 0

  /// Whether writing to the editor failed (it went away): the connection then ends.
  private var isClosed = false
  /// The program's agent, once the editor attached.
  private var relay: RelayLink?
  /// The `seq`s of the requests told again to the program's adapter, whose responses the
  /// editor had already.
  private var repeatedSeqs: Set<Int> = []
  /// Whether a `terminated` event reached the editor.
  private var terminated = false
  /// What the connection's two sides deliver, in one stream.
  private let inputs: AsyncStream<Input>
  private let inputContinuation: AsyncStream<Input>.Continuation

  /// Something that arrived for the connection.
  private enum Input {
    /// Bytes from the editor.
    case editor([UInt8])
    /// The editor closed its side.
    case editorEnded
    /// A line from the program's agent.
    case program(String)
    /// The agent closed the connection (the program ended, or dropped the client).
    case programEnded
  }

  /// A connection for `adapter` reading `input` and writing `output`; an `attach` connects
  /// through `connector` (none: `attach` fails).
  package init(
    adapter: DebugAdapter, input: Int32 = STDIN_FILENO, output: FileHandle = .standardOutput,
    connector: RelayConnector? = nil
  ) {
    (self.adapter, self.input, self.output, self.connector) = (adapter, input, output, connector)
    (inputs, inputContinuation) = AsyncStream.makeStream()
  }

  /// Serves until the editor disconnects or closes its side; a framing the adapter cannot
  /// read on ends it, with an `output` event saying why.
  ///
  /// - Returns: Why it ended, when it ended on a broken stream.
  @discardableResult
  package func serve() async -> String? {
    Self.readChunks(of: input, into: inputContinuation)
    defer { relay?.finishSending() }
    for await item in inputs {
      switch item {
      case .editor(let chunk):
        for item in reader.take(chunk) {
          switch item {
          case .body(let body):
            await take(body)
            if adapter.isFinished || isClosed { return nil }
          case .broken(let reason):
            send(.event("output", .object([("category", .string("important")), ("output", .string("sluice dap: \(reason)\n"))])))
            return reason
          }
        }
      case .editorEnded:
        return reader.endOfStreamProblem
      case .program(let line):
        relayed(line)
        if isClosed { return nil }
      case .programEnded:
        if !terminated { send(.event("terminated", nil)) }
        return nil
      }
    }
    return nil
  }

  /// A request from the editor: answered here, or relayed to the program's adapter.
  private func take(_ body: [UInt8]) async {
    guard let relay else {
      for message in await adapter.answer(body: body) { send(message) }
      if let request = adapter.takeRelayRequest() { await startRelay(request, attach: body) }
      return
    }
    // Relayed as one line of compact JSON; what is no request is answered here.
    guard case .success(let request) = Request.read(body), let line = Self.line(of: body) else {
      for message in await adapter.answer(body: body) { send(message) }
      return
    }
    guard line.utf8.count <= RelayRequest.maximumLineBytes else {
      let error = AdapterError("the request is \(line.utf8.count) bytes: a program's agent takes up to \(RelayRequest.maximumLineBytes)")
      return send(.response(requestSeq: request.seq, command: request.command, .failure(error)))
    }
    if !relay.sendLine(line) {
      send(.event("output", .object([("category", .string("important")), ("output", .string("sluice dap: the program closed the connection\n"))])))
    }
  }

  /// Connects to the program for `request`, tells its adapter what this one was told
  /// (initialize, early breakpoints), then `attach`, whose answer comes from there. A
  /// program that cannot be reached fails the `attach`, and the editor may try again.
  private func startRelay(_ request: RelayRequest, attach body: [UInt8]) async {
    let seq = (try? Request.read(body).get().seq) ?? 0
    guard let connector else {
      return send(.response(requestSeq: seq, command: "attach", .failure(AdapterError("this adapter cannot attach to programs"))))
    }
    let connected = await withCheckedContinuation { continuation in
      Thread { continuation.resume(returning: Result { () throws(AdapterError) in try connector(request) }) }.start()
    }
    let link: RelayLink
    switch connected {
    case .success(let connected): link = connected
    case .failure(let error): return send(.response(requestSeq: seq, command: "attach", .failure(error)))
    }
    relay = link
    repeatedSeqs = request.configurationSeqs
    let lines = [RelayRequest.settingsLine] + (request.configuration + [body]).compactMap(Self.line(of:))
    for line in lines where !link.sendLine(line) { break }
    let continuation = inputContinuation
    Thread {
      link.readLines { continuation.yield(.program($0)) }
      continuation.yield(.programEnded)
    }.start()
  }

  /// A message's JSON `body` as the one line of compact JSON the agent reads; `nil` when it
  /// is not JSON.
  private static func line(of body: [UInt8]) -> String? {
    guard let value = try? JSONDecoder().decode(JSONValue.self, from: Data(body)) else { return nil }
    var line: [UInt8] = []
    value.write(to: &line)
    return String(decoding: line, as: UTF8.self)
  }

  /// A line from the program's adapter: a message for the editor, numbered here; the
  /// answers to requests told again are dropped.
  private func relayed(_ line: String) {
    guard case .object(var members)? = try? JSONDecoder().decode(JSONValue.self, from: Data(line.utf8)),
      members.contains(where: { $0.0 == "type" })
    else {
      // A program whose agent predates the adapter answers with the JSON protocol.
      return send(.event("output", .object([
        ("category", .string("important")),
        ("output", .string("sluice dap: the program sent no DAP message (its Sluice may predate `attach`): \(line.prefix(200))\n")),
      ])))
    }
    if case .integer(let answered)? = members.first(where: { $0.0 == "request_seq" })?.1, repeatedSeqs.remove(answered) != nil {
      return
    }
    if case .string("terminated")? = members.first(where: { $0.0 == "event" })?.1 { terminated = true }
    members.removeAll { $0.0 == "seq" }
    seq += 1
    write(.object([("seq", .integer(seq))] + members))
  }

  private func send(_ message: Outgoing) {
    guard !isClosed else { return }
    seq += 1
    if message.eventName == "terminated" { terminated = true }
    write(message.json(seq: seq))
  }

  private func write(_ message: JSONValue) {
    guard !isClosed else { return }
    var body: [UInt8] = []
    message.write(to: &body)
    do {
      try output.write(contentsOf: Data(framed(body)))
    } catch {
      // The editor went away: nothing more can reach it.
      isClosed = true
    }
  }

  /// Reads the bytes `descriptor` gives on a thread of their own (a read blocks; the
  /// concurrency pool's threads must not), until its end.
  private static func readChunks(of descriptor: Int32, into continuation: AsyncStream<Input>.Continuation) {
    let thread = Thread {
      var buffer = [UInt8](repeating: 0, count: 64 << 10)
      while true {
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count < 0, errno == EINTR { continue }
        guard count > 0 else { break }
        continuation.yield(.editor(Array(buffer[..<count])))
      }
      continuation.yield(.editorEnded)
    }
    thread.start()
  }
}
