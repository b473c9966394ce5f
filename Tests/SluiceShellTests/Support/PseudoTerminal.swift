import CTestTerminal
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A pseudo-terminal for tests: the test holds the controlling side, types keys into it
/// and reads what the program drew, through ``TerminalScreen``.
///
/// Waiting is always bounded: ``waitForScreen(timeout:_:)`` fails the test, with the screen
/// as it was, when the condition does not come true in time.
final class PseudoTerminal: Sendable {
  /// The controlling (master) side, which the test reads and writes.
  let controller: Int32
  /// The path of the terminal device (the side a program uses as its terminal).
  let devicePath: String
  let columns: Int
  let rows: Int
  private let transcript = Locked<[UInt8]>([])
  private let isClosed = Locked(false)

  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  init(columns: Int = 80, rows: Int = 24) throws {
    var name = [CChar](repeating: 0, count: 128)
    let controller = sluice_test_open_pseudo_terminal(&name, name.count)
    guard controller >= 0 else {
      throw Failure(description: "cannot open a pseudo-terminal: errno \(errno)")
    }
    var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(controller, UInt(TIOCSWINSZ), &size)
    self.controller = controller
    devicePath = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    self.columns = columns
    self.rows = rows
    let transcript = self.transcript
    let isClosed = self.isClosed
    let thread = Thread { Self.collect(from: controller, into: transcript, until: isClosed) }
    thread.name = "pty reader"
    thread.start()
  }

  /// Opens the terminal side, as a program's standard input and output would have it.
  func openDevice() throws -> Int32 {
    let device = open(devicePath, O_RDWR | O_NOCTTY)
    guard device >= 0 else { throw Failure(description: "cannot open \(devicePath): errno \(errno)") }
    return device
  }

  /// Types `keys`, as bytes, into the terminal.
  func send(_ keys: String) {
    let bytes = Array(keys.utf8)
    send(bytes: bytes)
  }

  /// Types raw bytes into the terminal.
  func send(bytes: [UInt8]) {
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { write(controller, $0.baseAddress! + offset, $0.count - offset) }
      if written <= 0 { return }
      offset += written
    }
  }

  /// Everything the program wrote so far.
  var bytes: [UInt8] { transcript.withLock { $0 } }

  /// The screen as the program drew it so far.
  var screen: TerminalScreen { TerminalScreen(rendering: bytes, columns: columns, rows: rows) }

  /// Waits until `condition` holds for the screen; fails with the screen when `timeout`
  /// passes first.
  @discardableResult
  func waitForScreen(
    timeout: Duration = hangGuard, _ what: String = "the expected output",
    sourceLocation: SourceLocation = #_sourceLocation, _ condition: @Sendable (TerminalScreen) -> Bool
  ) async throws -> TerminalScreen {
    let deadline = ContinuousClock.now + timeout
    while true {
      let screen = self.screen
      if condition(screen) { return screen }
      if ContinuousClock.now >= deadline {
        let failure = Failure(description: "timed out after \(timeout) waiting for \(what); the screen:\n\(screen)\nraw: \(String(decoding: bytes, as: UTF8.self).debugDescription)")
        Issue.record(failure, sourceLocation: sourceLocation)
        throw failure
      }
      // Polling, not ordering: the condition is checked again until the deadline.
      try await Task.sleep(for: .milliseconds(5))
    }
  }

  /// Waits until the cursor's row reads exactly `text` (trailing blanks ignored).
  @discardableResult
  func waitForCursorLine(
    _ text: String, timeout: Duration = hangGuard, sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> TerminalScreen {
    try await waitForScreen(timeout: timeout, "the cursor's row to read \"\(text)\"", sourceLocation: sourceLocation) {
      $0.cursorLine == text
    }
  }

  /// Stops reading; the reading thread then closes the controlling side. (Closing it here
  /// could let a new terminal reuse the descriptor number while the thread still reads it.)
  func close() {
    isClosed.withLock { $0 = true }
  }

  private static func collect(from controller: Int32, into transcript: Locked<[UInt8]>, until isClosed: Locked<Bool>) {
    defer { Glibc.close(controller) }
    var buffer = [UInt8](repeating: 0, count: 4096)
    while !isClosed.withLock({ $0 }) {
      var descriptor = pollfd(fd: controller, events: Int16(POLLIN), revents: 0)
      // A short timeout lets the thread notice `close()`.
      let ready = poll(&descriptor, 1, 50)
      if ready < 0 && errno == EINTR { continue }
      if ready <= 0 { continue }
      let count = buffer.withUnsafeMutableBytes { read(controller, $0.baseAddress, $0.count) }
      if count > 0 {
        transcript.withLock { $0.append(contentsOf: buffer[0..<count]) }
      } else if count < 0 && (errno == EINTR || errno == EAGAIN) {
        continue
      } else {
        // EIO: every program holding the terminal side has closed it.
        if count < 0 { usleep(10_000) }
        if isClosed.withLock({ $0 }) { return }
      }
    }
  }
}

/// A value shared between the test and the pty's reading thread.
///
/// `@unchecked Sendable` is safe: `value` is only touched while `lock` is held.
final class Locked<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) {
    self.value = value
  }

  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
