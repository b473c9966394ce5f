import SluiceReporting

/// The attached shell's requests waiting for their answers, by id: a command waits for its
/// `completed` event, a Tab for its `completions`. Events answering nobody waiting (a `pause`
/// Ctrl-C sent, the `completed` after a Tab's answer) are no one's here.
@MainActor
final class PendingRequests {
  private let link: any AgentLink
  private var lastID = 0
  private var waiting: [RequestID: (answer: String, continuation: CheckedContinuation<ProtocolEvent?, Never>)] = [:]
  /// Whether the connection has ended: nothing will be answered any more.
  private(set) var hasEnded = false

  init(link: any AgentLink) {
    self.link = link
  }

  /// A new id, with `prefix` for a string id (Tabs, Ctrl-C) or a whole number for commands.
  func nextID(_ prefix: String? = nil) -> RequestID {
    lastID += 1
    return prefix.map { .string("\($0)-\(lastID)") } ?? .integer(lastID)
  }

  /// Sends `line`, the request `id`, and waits for its event named `answer`.
  ///
  /// - Returns: The answer; `nil` when the connection ended first.
  func ask(_ line: String, id: RequestID, answeredBy answer: String) async -> ProtocolEvent? {
    guard !hasEnded, link.sendLine(line) else { return nil }
    return await withCheckedContinuation { continuation in
      waiting[id] = (answer, continuation)
    }
  }

  /// Sends `line` without waiting for anything.
  func tell(_ line: String) {
    if !hasEnded { _ = link.sendLine(line) }
  }

  /// Hands `event` to the request waiting for it; `true` when one was.
  func deliver(_ event: ProtocolEvent) -> Bool {
    guard let id = event.id, let waiter = waiting[id], waiter.answer == event.payload.name else { return false }
    waiting[id] = nil
    waiter.continuation.resume(returning: event)
    return true
  }

  /// The connection ended: every request still waiting gets no answer.
  func end() {
    hasEnded = true
    let ended = waiting.values
    waiting.removeAll()
    for waiter in ended { waiter.continuation.resume(returning: nil) }
  }
}
