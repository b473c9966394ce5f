import Foundation

/// The lines a child process writes to a pipe, read on a thread of their own as they come
/// (a full pipe never blocks the child), for a test to wait on: a condition, with a guard
/// against a hang that a passing run never comes near.
///
/// `@unchecked Sendable`: every stored property is a constant, or read and written only
/// under `condition`'s lock.
final class ProcessLines: @unchecked Sendable {
  private let condition = NSCondition()
  private var lines: [String] = []
  private var partial = Data()
  private var isFinished = false

  init(_ handle: FileHandle) {
    Thread.detachNewThread { [self] in
      while true {
        let chunk = handle.availableData
        condition.lock()
        if chunk.isEmpty {
          if !partial.isEmpty { lines.append(String(decoding: partial, as: UTF8.self)) }
          isFinished = true
        } else {
          partial.append(chunk)
          while let newline = partial.firstIndex(of: UInt8(ascii: "\n")) {
            lines.append(String(decoding: partial[partial.startIndex..<newline], as: UTF8.self))
            partial.removeSubrange(partial.startIndex...newline)
          }
        }
        condition.broadcast()
        condition.unlock()
        if chunk.isEmpty { return }
      }
    }
  }

  /// How many lines have come so far.
  var count: Int {
    condition.lock()
    defer { condition.unlock() }
    return lines.count
  }

  /// Waits for the first line from `start` on that satisfies `matches`; returns its place,
  /// or `nil` when the pipe ended or `hangGuard` seconds passed first.
  func waitForLine(from start: Int = 0, hangGuard: TimeInterval = 300, _ matches: (String) -> Bool) -> (Int, String)? {
    let deadline = Date().addingTimeInterval(hangGuard)
    condition.lock()
    defer { condition.unlock() }
    var next = start
    while true {
      while next < lines.count {
        if matches(lines[next]) { return (next, lines[next]) }
        next += 1
      }
      if isFinished || !condition.wait(until: deadline) { return nil }
    }
  }

  /// The lines from `start` up to, not including, `end`.
  func lines(from start: Int, to end: Int) -> [String] {
    condition.lock()
    defer { condition.unlock() }
    return Array(lines[start..<min(end, lines.count)])
  }
}
