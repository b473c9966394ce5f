import Foundation
import PageClient
import Testing

/// `sluice serve FEATURE` with its input a pipe: the shell's side of the browser test. Lines
/// written to it run as `sluice run -` runs them; the page's address is read from its
/// standard error. Stopped (SIGTERM) when the value goes away. Its waits run on threads of
/// their own, never on the concurrency pool.
// `@unchecked Sendable`: its pipes and line readers are used by one test at a time, each
// call awaited before the next; `ProcessLines` locks what its reading thread shares.
final class ServedSluice: @unchecked Sendable {
  let process = Process()
  private let input = Pipe()
  let output: ProcessLines
  let errors: ProcessLines
  /// The page's address, token included.
  let address: String

  /// `executable serve ARGUMENTS` (default: the `sluice` built beside the tests).
  init(_ arguments: [String], executable: URL? = nil) async throws {
    let executable = try #require(executable ?? SluiceProcess.executable, "the sluice binary was not built next to the tests")
    process.executableURL = executable
    process.arguments = ["serve"] + arguments
    process.currentDirectoryURL = SluiceProcess.packageRoot
    let outputPipe = Pipe()
    let errorPipe = Pipe()
    process.standardOutput = outputPipe
    process.standardError = errorPipe
    process.standardInput = input
    output = ProcessLines(outputPipe.fileHandleForReading)
    errors = ProcessLines(errorPipe.fileHandleForReading)
    try process.run()
    // As `sluice run -`, it reads a script's header (`# sluice: …`) up to the first command
    // before the session starts, and serves the page then.
    input.fileHandleForWriting.write(Data("help ui\n".utf8))
    let errors = self.errors
    let announced = try await offMainActor { errors.waitForLine { $0.hasPrefix("the session's timeline: ") || $0.hasPrefix("error") } }
    let line = try #require(announced?.1, "sluice serve printed no address")
    guard line.hasPrefix("the session's timeline: http://127.0.0.1:") else {
      throw ServedSluiceError(message: "sluice serve said: \(line)")
    }
    address = String(line.dropFirst("the session's timeline: ".count))
  }

  deinit {
    guard process.isRunning else { return }
    kill(process.processIdentifier, SIGTERM)
    process.waitUntilExit()
  }

  /// Sends `lines` as if typed, without waiting.
  func send(_ lines: String...) {
    input.fileHandleForWriting.write(Data(lines.map { $0 + "\n" }.joined().utf8))
  }

  /// Runs `line` and returns what it printed: the lines between its echo and the echo of a
  /// marker command sent after it.
  func run(_ line: String) async throws -> [String] {
    let output = self.output
    let start = output.count
    send(line, "info display")
    let echo = try #require(try await offMainActor { output.waitForLine(from: start) { $0 == "> " + line } }, "`\(line)` was not echoed")
    let marker = try #require(
      try await offMainActor { output.waitForLine(from: echo.0) { $0 == "> info display" } }, "no marker after `\(line)`")
    return output.lines(from: echo.0 + 1, to: marker.0)
  }

  /// The history entry the session's state is at, as `log 1` says it: `◀ @P/L` after a
  /// jump, else the last entry.
  func position() async throws -> (position: Int, last: Int) {
    let lines = try await run("log 1")
    for line in lines {
      guard let marker = line.firstRange(of: "◀ @") else { continue }
      let place = line[marker.upperBound...].prefix { $0 != ":" && $0 != " " }
      let numbers = place.split(separator: "/").compactMap { Int($0) }
      return (numbers[0], numbers[1])
    }
    let last = try #require(lines.first.flatMap { Int($0.dropFirst().prefix { $0.isNumber }) })
    return (last, last)
  }
}

struct ServedSluiceError: Error, CustomStringConvertible {
  let message: String
  var description: String { message }
}
