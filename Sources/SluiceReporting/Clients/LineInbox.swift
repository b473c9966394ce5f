/// Hands a client's lines to the script runner that answers them, one at a time, and wakes
/// it when its session has events to report between commands: an attached client's, and a
/// browser page's (`sluice serve`).
///
/// The transport hands over a line only after the previous one was taken, and ``deliver(_:)``
/// returns only once this one is: a client that sends faster than its commands run waits in
/// its socket, not in memory here.
@MainActor
package final class LineInbox {
  /// What the runner is woken for.
  package enum Next: Equatable {
    /// A line the client sent.
    case line(String)
    /// The session reported events while no command ran.
    case events
    /// The client is gone.
    case end
  }

  private var pending: [(line: String, taken: CheckedContinuation<Void, Never>)] = []
  private var hasEvents = false
  private var isFinished = false
  private var reader: CheckedContinuation<Void, Never>?

  /// An empty inbox.
  package init() {}

  /// Gives `line` to the runner; returns once it took it, or the client is gone.
  package func deliver(_ line: String) async {
    guard !isFinished else { return }
    await withCheckedContinuation { taken in
      pending.append((line, taken))
      wakeReader()
    }
  }

  /// Notes that the session has events to report.
  package func noteEvents() {
    hasEvents = true
    wakeReader()
  }

  /// Ends the inbox: the runner's next read is the end, and lines not yet taken are dropped.
  package func finish() {
    isFinished = true
    for entry in pending { entry.taken.resume() }
    pending.removeAll()
    wakeReader()
  }

  /// Waits for a line, events, or the end; a line comes before events that arrived after it.
  package func next() async -> Next {
    while true {
      if !pending.isEmpty {
        let entry = pending.removeFirst()
        entry.taken.resume()
        return .line(entry.line)
      }
      if isFinished { return .end }
      if hasEvents {
        hasEvents = false
        return .events
      }
      await withCheckedContinuation { reader = $0 }
    }
  }

  private func wakeReader() {
    guard let reader else { return }
    self.reader = nil
    reader.resume()
  }
}
