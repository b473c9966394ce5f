import Sluice

extension Session {
  /// The spans of the jobs the session saw, oldest launch first (see ``JobSpan``): those
  /// that ended before the history's first kept entry are gone once the history lets
  /// entries go, and a span's parent is named while its entry is kept.
  var jobSpans: [JobSpan] {
    let history = recorder.timeline.history
    let floor = recordFloor(of: history)
    return jobSpanLog.kept.compactMap { kept in
      if let floor, let ended = kept.span.ended, ended < floor { return nil }
      return Self.checked(kept, against: history).span
    }
  }

  /// Starts `job`'s span, with the entry of the action whose reduction launched it; first
  /// trims what the session keeps to the history, when it let entries go since.
  func noteLaunch(of job: JobInfo) {
    trimRecordsToHistory()
    let history = recorder.timeline.history
    let parent = history.index(ofSequence: job.parent.sequence).map { (index: $0, sequence: job.parent.sequence) }
    jobSpanLog.launch(job, parent: parent, at: elapsedTime)
  }

  /// Reports that the debugger cancels `job`, and why: the event now, and the reason in its
  /// span when the store reports it ended.
  func reportCancelling(_ job: JobInfo, reason: String) {
    jobSpanLog.noteCancelling(job.id, reason: reason)
    emit(.jobCancelled(job, reason: reason))
  }

  /// `kept`, its parent forgotten when the entry at its parent's index is no longer the
  /// action that launched it (folded away, or another after a fork).
  static func checked(_ kept: JobSpanLog.Kept, against history: History<State, Action>) -> JobSpanLog.Kept {
    guard let index = kept.span.parentIndex else { return kept }
    if let sequence = history.sequence(at: index), sequence == kept.parentSequence { return kept }
    var span = kept.span
    span.parentIndex = nil
    return JobSpanLog.Kept(span: span, parentSequence: nil)
  }
}
