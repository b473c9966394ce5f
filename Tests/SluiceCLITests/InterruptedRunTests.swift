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
    try process.run()
    defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
    let errorData = Task.detached { error.fileHandleForReading.readDataToEndOfFile() }
    // The first line's answer says the run has begun, and its SIGINT handler is in place.
    input.fileHandleForWriting.write(Data("print pongs\n".utf8))
    var seen = ""
    let reader = output.fileHandleForReading
    while !seen.contains("pongs = 0") {
      let chunk = reader.availableData
      try #require(!chunk.isEmpty, "sluice ended before answering: \(seen)")
      seen += String(decoding: chunk, as: UTF8.self)
    }
    // `.ping` never returns by itself; the line after it must never run.
    input.fileHandleForWriting.write(Data(".ping\nprint pings\n".utf8))
    kill(process.processIdentifier, SIGINT)
    let status = await Task.detached {
      process.waitUntilExit()
      return process.terminationStatus
    }.value
    seen += String(decoding: reader.readDataToEndOfFile(), as: UTF8.self)
    let standardError = String(decoding: await errorData.value, as: UTF8.self)
    #expect(process.terminationReason == .exit, "ended by its own exit, not killed by the signal")
    #expect(status == 2, "\(seen)\n\(standardError)")
    #expect((seen + standardError).contains("interrupted (SIGINT)"), "\(seen)\n\(standardError)")
    #expect(!seen.contains("pings = "), "the line after the loop did not run")
  }
}
