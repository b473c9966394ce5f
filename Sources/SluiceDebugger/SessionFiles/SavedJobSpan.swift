import Sluice

/// A job's span as a session file keeps it (`jobSpans`), with the keys and the integer
/// nanoseconds of the `jobSpans` event. The part is optional: files written before spans
/// were kept load without it, and a reader that does not know it skips it.
struct SavedJobSpan: Codable, Equatable {
  let id: UInt64
  let name: String
  /// ``Sluice/JobKind``'s raw value.
  let kind: String
  /// The history index of the action that launched it.
  var parent: Int?
  /// When it was launched, in nanoseconds on the session's clock.
  let launched: Int64
  /// When it ended; absent while it ran.
  var ended: Int64?
  /// `running`, `finished`, `cancelled` or `failed`.
  let outcome: String
  /// Why it was cancelled, or the error it failed with.
  var reason: String?
  /// The `cancel` typed by hand that ended it, when one did; absent in files written before
  /// spans kept it (their cancels are not replayed by `export test`).
  var cancelledByHand: CancelledByHand?

  /// ``JobSpan/CancelledByHand``, as the file keeps it.
  struct CancelledByHand: Codable, Equatable {
    let afterIndex: Int
    let hadNamesakes: Bool
  }

  /// The names `outcome` takes.
  static let outcomes = ["running", "finished", "cancelled", "failed"]

  /// `span`, as the file keeps it.
  ///
  /// - Throws: When a time is beyond what a file holds.
  init(_ span: JobSpan) throws(DebugError) {
    id = span.id.rawValue
    name = span.name
    kind = span.kind.rawValue
    parent = span.parentIndex
    launched = try SessionTime.nanoseconds(span.launched)
    ended = try span.ended.map { time throws(DebugError) in try SessionTime.nanoseconds(time) }
    outcome = span.outcome.name
    reason = span.outcome.reason
    cancelledByHand = span.cancelledByHand.map { .init(afterIndex: $0.afterIndex, hadNamesakes: $0.hadNamesakes) }
  }

  /// The span the file keeps as span number `number` (from 1) of the file at `path`.
  ///
  /// - Throws: When a field says something no session records: an unknown kind or outcome,
  ///   a negative time, an end before the launch, an ended span still running, a cancelled or
  ///   failed one without its reason, a cancel by hand on a span not cancelled or after an
  ///   entry out of range, a name that is not one line of text.
  func restored(number: Int, from path: String) throws(DebugError) -> JobSpan {
    let place = "\(path): job span \(number) (#\(id) '\(SwiftComment.text(name))')"
    // A job's name is a name: text that could break a line (of a message, of a comment in an
    // exported test) is no job's name.
    guard SwiftComment.isOneLine(name) else {
      throw DebugError("\(place) has a name with a control or line-breaking character; a job's name is one line of text")
    }
    guard let kind = JobKind(rawValue: kind) else {
      let kinds = [JobKind.effect, .middleware, .timer, .subscription].map(\.rawValue).joined(separator: ", ")
      throw DebugError("\(place) has kind '\(self.kind)'; expected one of \(kinds)")
    }
    guard launched >= 0 else { throw DebugError("\(place) was launched at \(launched) ns, before the session began") }
    if let ended, ended < launched {
      throw DebugError("\(place) ended at \(ended) ns, before it was launched (\(launched) ns)")
    }
    if let parent, !(1...SessionFileLimits.maximumIndex).contains(parent) {
      throw DebugError("\(place) names parent entry \(parent); entries are numbered from 1")
    }
    let outcome: JobSpan.Outcome
    switch (self.outcome, reason) {
    case ("running", _): outcome = .running
    case ("finished", _): outcome = .finished
    case ("cancelled", let reason?): outcome = .cancelled(reason: reason)
    case ("failed", let message?): outcome = .failed(message: message)
    case ("cancelled", nil), ("failed", nil):
      throw DebugError("\(place) is \(self.outcome) but gives no reason")
    default:
      throw DebugError(
        "\(place) has outcome '\(self.outcome)'; expected one of \(Self.outcomes.joined(separator: ", "))")
    }
    if (outcome == .running) != (ended == nil) {
      throw DebugError(
        ended == nil ? "\(place) is \(self.outcome) but has no end" : "\(place) is running but has an end")
    }
    if let cancelledByHand {
      guard case .cancelled = outcome else { throw DebugError("\(place) was cancelled by hand but is \(self.outcome)") }
      guard (0...SessionFileLimits.maximumIndex).contains(cancelledByHand.afterIndex) else {
        throw DebugError(
          "\(place) was cancelled by hand after entry \(cancelledByHand.afterIndex); entries are numbered from 1 (0 before the first)")
      }
    }
    return JobSpan(
      id: JobID(id), name: name, kind: kind, parentIndex: parent, launched: .nanoseconds(launched),
      ended: ended.map { .nanoseconds($0) }, outcome: outcome,
      cancelledByHand: cancelledByHand.map { .init(afterIndex: $0.afterIndex, hadNamesakes: $0.hadNamesakes) })
  }
}
