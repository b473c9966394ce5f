import Foundation
import JSONCheck
import PageClient
import SluiceDAP
import Testing

/// `sluice dap` as an editor runs it: a subprocess spoken to over its standard input and
/// output in the protocol's framing. A thread of its own reads what it sends; a test waits
/// for the message it expects on a thread of its own too, never on the concurrency pool,
/// whose few threads the tests beside it need (a hang guard bounds the wait; no test depends
/// on how long it takes).
// `@unchecked Sendable`: the messages are read and written under `condition` only.
final class DAPProcess: @unchecked Sendable {
  private let process = Process()
  private let input = Pipe()
  private let condition = NSCondition()
  private var messages: [JSONTree] = []
  private var problems: [String] = []
  private var isFinished = false
  private var seq = 0

  /// Starts `sluice ARGUMENTS`, its environment this process's with `environment` over it.
  init(arguments: [String] = ["dap"], environment: [String: String] = [:]) throws {
    guard let executable = SluiceProcess.executable else { throw DAPTranscriptFailure("the sluice binary was not built next to the tests") }
    process.executableURL = executable
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    process.currentDirectoryURL = SluiceProcess.packageRoot
    let output = Pipe()
    process.standardOutput = output
    process.standardInput = input
    process.standardError = FileHandle.nullDevice
    try process.run()
    let handle = output.fileHandleForReading
    Thread.detachNewThread { [self] in
      var reader = FrameReader()
      while true {
        let chunk = handle.availableData
        condition.lock()
        if chunk.isEmpty {
          isFinished = true
        } else {
          for item in reader.take(chunk) {
            switch item {
            case .body(let body):
              do {
                messages.append(try JSONTree(parsing: String(decoding: body, as: UTF8.self)))
              } catch {
                problems.append("not JSON: \(String(decoding: body, as: UTF8.self))")
              }
            case .broken(let reason):
              problems.append(reason)
            }
          }
        }
        condition.broadcast()
        condition.unlock()
        if chunk.isEmpty { return }
      }
    }
  }

  deinit {
    if process.isRunning { process.terminate() }
  }

  /// Sends a request; returns its `seq`.
  @discardableResult
  func send(_ command: String, _ arguments: String = "{}") -> Int {
    seq += 1
    let body = Array(#"{"seq":\#(seq),"type":"request","command":"\#(command)","arguments":\#(arguments)}"#.utf8)
    input.fileHandleForWriting.write(Data(framed(body)))
    return seq
  }

  /// Writes `bytes` as they are: a frame the test breaks on purpose.
  func sendRaw(_ bytes: [UInt8]) {
    input.fileHandleForWriting.write(Data(bytes))
  }

  /// Closes the adapter's input, as an editor that quits does.
  func closeInput() {
    try? input.fileHandleForWriting.close()
  }

  /// Waits for the first message from place `start` on that `matches`; `nil` when the
  /// adapter ended first or the hang guard ran out.
  func waitFor(from start: Int = 0, _ matches: @escaping @Sendable (JSONTree) -> Bool) async throws
    -> (index: Int, message: JSONTree)?
  {
    try await offMainActor { self.blockingWait(from: start, matches) }
  }

  private func blockingWait(from start: Int, _ matches: (JSONTree) -> Bool) -> (index: Int, message: JSONTree)? {
    let deadline = Date().addingTimeInterval(120)
    condition.lock()
    defer { condition.unlock() }
    while true {
      if start < messages.count, let index = messages[start...].firstIndex(where: matches) { return (index, messages[index]) }
      if isFinished || !condition.wait(until: deadline) { return nil }
    }
  }

  /// Sends a request and waits for its response.
  func ask(_ command: String, _ arguments: String = "{}") async throws -> JSONTree {
    try await response(to: send(command, arguments))
  }

  /// How many messages arrived so far: a place to wait from.
  var count: Int {
    condition.lock()
    defer { condition.unlock() }
    return messages.count
  }

  /// Waits for the response to request `seq`, and returns it with every message before it.
  func response(to seq: Int) async throws -> JSONTree {
    let found = try await waitFor { $0["type"]?.text == "response" && $0["request_seq"] == .integer(seq) }
    return try #require(found, "no response to \(seq)").message
  }

  /// Every message so far.
  var received: [JSONTree] {
    condition.lock()
    defer { condition.unlock() }
    return messages
  }

  /// What broke the framing, if anything did.
  var framingProblems: [String] {
    condition.lock()
    defer { condition.unlock() }
    return problems
  }

  /// Waits for the adapter to exit; its status.
  func waitUntilExit() async throws -> Int32 {
    try await offMainActor {
      self.process.waitUntilExit()
      return self.process.terminationStatus
    }
  }
}
