import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Issue 45: SIGINT reaches `sluice run` whatever its store does. A store in a synchronous
/// loop (`echo` with the detector off) is paused between two actions and the run stops
/// before its next line, with an error and status 2, instead of running on for good.
@Suite struct InterruptedRunTests {
  @Test func sigintStopsARunWhoseStoreLoopsWithoutEnd() async throws {
    let executable = try #require(SluiceProcess.executable, "the sluice binary was not built next to the tests")
    let process = Process()
    process.executableURL = executable
    process.arguments = [
      "run", "--feature", "echo", "--cycle-policy", "warn", "--cycle-limit", "off", "--cycle-depth", "off", "-",
    ]
    let (input, output, error) = (Pipe(), Pipe(), Pipe())
    (process.standardInput, process.standardOutput, process.standardError) = (input, output, error)
    // Read without blocking a thread of the test's executor, and without waiting for the
    // pipes' end: a program another test starts meanwhile may inherit their ends.
    let (standardOutput, standardError) = (PipeText(output), PipeText(error))
    let (exits, exited) = AsyncStream<Int32>.makeStream()
    process.terminationHandler = { exited.yield($0.terminationStatus) }
    try process.run()
    defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
    // The first line's answer says the run has begun, and its SIGINT handler is in place.
    input.fileHandleForWriting.write(Data("print pongs\n".utf8))
    try await standardOutput.waitFor("pongs = 0")
    // `.ping` never returns by itself; the line after it must never run.
    input.fileHandleForWriting.write(Data(".ping\nprint pings\n".utf8))
    kill(process.processIdentifier, SIGINT)
    var statuses = exits.makeAsyncIterator()
    let status = await statuses.next()
    #expect(process.terminationReason == .exit, "ended by its own exit, not killed by the signal")
    if process.terminationReason == .exit { try await standardError.waitFor("interrupted (SIGINT)") }
    let (out, err) = (standardOutput.text, standardError.text)
    #expect(status == 2, "\(out)\n\(err)")
    #expect(!out.contains("pings = "), "the line after the loop did not run")
  }
}

/// What a pipe's reading end received so far, collected on Foundation's own thread.
///
/// `@unchecked Sendable` is safe: `received` is read and written only while `lock` is held.
private final class PipeText: @unchecked Sendable {
  private let lock = NSLock()
  private var received = Data()

  init(_ pipe: Pipe) {
    pipe.fileHandleForReading.readabilityHandler = { [weak self] handle in
      let chunk = handle.availableData
      guard let self else { return }
      if chunk.isEmpty { handle.readabilityHandler = nil }
      self.lock.withLock { self.received.append(chunk) }
    }
  }

  var text: String { lock.withLock { String(decoding: received, as: UTF8.self) } }

  /// Waits until `expected` was received; the hang guard only fails a hang.
  func waitFor(_ expected: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
    let deadline = ContinuousClock.now + .seconds(300)
    while !text.contains(expected) {
      guard ContinuousClock.now < deadline else {
        Issue.record("never received \(expected): \(text)", sourceLocation: sourceLocation)
        return
      }
      try await Task.sleep(for: .milliseconds(5))
    }
  }
}
