import NIOCore

/// The lines waiting to be written to one client, up to a bound in lines and in bytes.
///
/// A line that does not fit is dropped and counted. The count goes out as a notice in the place
/// of the lines it stands for: before the next line that fits, or as soon as the buffer is
/// drained, whichever is first. Notices are not counted against the bound; there is at most one
/// between two lines.
package struct OutboundBuffer {
  package enum Entry: Equatable {
    case line(String)
    /// `count` lines were dropped here.
    case dropped(count: Int)
  }

  package let lineLimit: Int
  package let byteLimit: Int
  private var entries = CircularBuffer<Entry>()
  private var lineCount = 0
  private var byteCount = 0
  /// Lines dropped since the last notice was queued.
  private var droppedSinceNotice = 0
  /// Every line dropped so far.
  package private(set) var droppedTotal = 0

  package init(lineLimit: Int, byteLimit: Int) {
    self.lineLimit = lineLimit
    self.byteLimit = byteLimit
  }

  package var isEmpty: Bool { entries.isEmpty && droppedSinceNotice == 0 }

  /// Queues `line`, or drops and counts it if the buffer is full.
  package mutating func append(_ line: String) {
    let size = line.utf8.count + 1
    guard lineCount < lineLimit, byteCount + size <= byteLimit else {
      droppedSinceNotice += 1
      droppedTotal += 1
      return
    }
    if droppedSinceNotice > 0 {
      entries.append(.dropped(count: droppedSinceNotice))
      droppedSinceNotice = 0
    }
    entries.append(.line(line))
    lineCount += 1
    byteCount += size
  }

  /// Queues `line` whether or not it fits: the one error line before a connection closes.
  package mutating func appendBeyondBound(_ line: String) {
    if droppedSinceNotice > 0 {
      entries.append(.dropped(count: droppedSinceNotice))
      droppedSinceNotice = 0
    }
    entries.append(.line(line))
    lineCount += 1
    byteCount += line.utf8.count + 1
  }

  /// The next entry to write; once the lines are all taken, the notice of lines dropped since.
  package mutating func popFirst() -> Entry? {
    guard let entry = entries.popFirst() else {
      guard droppedSinceNotice > 0 else { return nil }
      defer { droppedSinceNotice = 0 }
      return .dropped(count: droppedSinceNotice)
    }
    if case .line(let line) = entry {
      lineCount -= 1
      byteCount -= line.utf8.count + 1
    }
    return entry
  }

  /// Empties the buffer, for a closed connection.
  package mutating func removeAll() {
    entries.removeAll()
    lineCount = 0
    byteCount = 0
    droppedSinceNotice = 0
  }
}
