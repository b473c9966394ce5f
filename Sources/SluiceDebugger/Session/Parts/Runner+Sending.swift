import Sluice

/// How a wait for the store to settle ended.
public enum WaitOutcome: Sendable, Equatable {
  /// Nothing queued, no job running.
  case idle
  /// The store is paused (a breakpoint, a watchpoint, the cycle detector).
  case paused
  /// Every running job waits on the virtual clock: only `advance` moves them on.
  case waitingForTime(jobs: [String])
  /// The timeout passed with these jobs still running.
  case timedOut(jobs: [String])
}

extension Runner {
  /// Decodes `text` as an action and sends it.
  @discardableResult
  func send(_ text: String, origin: EntryOrigin) throws(DebugError) -> SendOutcome {
    sendDecoded(try decodeAction(parsing: text), origin: origin)
  }

  func send(_ action: ActionArgument, origin: EntryOrigin) throws(DebugError) -> SendOutcome {
    guard let literal = action.literal else { return try send(action.text, origin: origin) }
    return sendDecoded(try decodeAction(literal, text: action.text), origin: origin)
  }

  /// Sends an action made from text.
  private func sendDecoded(_ action: Action, origin: EntryOrigin) -> SendOutcome {
    let recordedBefore = recorder.recordedCount
    recorder.pendingOrigin = origin
    session.specialised.send(store, action)
    recorder.pendingOrigin = nil
    // Stopped before it (a breakpoint, or already paused), the action waits in the queue:
    // nothing was recorded.
    return store.isPaused && recorder.recordedCount == recordedBefore ? .queued : .handled
  }

  func decodeAction(parsing text: String) throws(DebugError) -> Action {
    let literal: ActionLiteral
    do {
      literal = try ActionTextParser().parse(text)
    } catch {
      throw DebugError(error.message, column: error.column)
    }
    return try decodeAction(literal, text: text)
  }

  /// Decodes `literal`, parsed from `text`; an error points at the part of `text` it is about.
  func decodeAction(_ literal: ActionLiteral, text: String) throws(DebugError) -> Action {
    // The builder `@Scriptable` generates makes most actions; what it does not make exactly
    // is decoded, which also says what is wrong.
    if let action = session.scriptedActions.action(from: literal) { return action }
    do {
      return try LiteralDecoder().decode(Action.self, from: literal)
    } catch {
      let parser = ActionTextParser()
      var column = parser.column(ofValueAt: error.valueIndex, in: text)
      // A label missing because it was misspelled: the misspelling is the culprit.
      if case .missingValue(let label, let given) = error.reason, let caseColumn = column,
        let typed = nearestName(to: label, among: given)
      {
        column = parser.column(ofLabel: typed, from: caseColumn, in: text) ?? caseColumn
      }
      throw DebugError("not \(TypeName.withArticle(Action.self)): \(error)" + hint(for: error), column: column)
    }
  }

  /// What the action's `@Scriptable` description adds to a decoding error: the nearest case
  /// to an unknown one (nested cases too), or the parameters of the case whose argument is
  /// wrong or missing. Empty when `Action` does not describe itself.
  private func hint(for error: LiteralDecodingError) -> String {
    guard let actions = (Action.self as Any.Type as? any ScriptableAction.Type)?.actionDescription else { return "" }
    switch error.reason {
    case .unknownCase(let name):
      if let enclosing = actions.description(atCodingPath: error.codingPath),
        let nearest = nearestName(to: name, among: enclosing.caseNames)
      {
        return "; did you mean '.\(nearest)'?"
      }
      // `.toggle(id: 3)` typed where `.todo(.toggle(id: 3))` was meant.
      let nested = error.codingPath.isEmpty ? actions.allCasePaths.filter { $0.count > 1 } : []
      guard let nearest = nearestName(to: name, among: nested.compactMap(\.last)),
        let text = nested.lazy.filter({ $0.last == nearest }).compactMap(actions.text(forCasePath:)).first
      else { return "" }
      return "; did you mean '\(text)'?"
    case .missingValue, .typeMismatch:
      guard let found = actions.case(atCodingPath: Array(error.codingPath.dropLast())) else { return "" }
      let parameters = found.parameters.map(\.signature).joined(separator: ", ")
      return "; '.\(found.name)' takes " + (parameters.isEmpty ? "no arguments" : "(\(parameters))")
    default:
      return ""
    }
  }

  /// Jobs that can make progress by themselves: not held by the session.
  var unheldJobs: [JobInfo] {
    store.jobs.filter { !recorder.scheduler.heldJobs.contains($0.id) }
  }

  /// How many jobs can make progress by themselves.
  var activeJobCount: Int { unheldJobs.count }

  /// Whether every job that could run is asleep on the virtual clock.
  var isParkedOnClock: Bool {
    guard let manualClock else { return false }
    return activeJobCount > 0 && activeJobCount <= manualClock.sleeperCount
  }

  /// Waits until the store is idle or paused, or every job is waiting for virtual time: the
  /// store's own work decides. `deadline` bounds it in real time (by default the session's
  /// wait limit, started again by every event), for a job that never settles by itself.
  /// Woken by the store's events and the clock's sleepers, never by polling.
  func waitUntilSettled(_ deadline: WaitDeadline? = nil) async -> WaitOutcome {
    var deadline = deadline ?? .quiet(for: options.waitLimit)
    while true {
      if store.isPaused { return .paused }
      if !store.hasWorkInFlight && !subscriptionsAreStarting { return .idle }
      if isParkedOnClock {
        // A sleep the clock has already reached (an `advance` stopped at a breakpoint
        // before waking it) is not waiting for time: wake it, and wait for what it does.
        guard let manualClock, wakeNextSleeper(notAfter: manualClock.now) else {
          return .waitingForTime(jobs: runningJobNames)
        }
        continue
      }
      if deadline.hasPassed {
        return store.hasWorkInFlight || subscriptionsAreStarting ? .timedOut(jobs: runningJobsNamed) : .idle
      }
      await session.changes.next(before: deadline.instant, sleepers: manualClock.map { ($0, activeJobCount) })
      if !deadline.hasPassed { deadline.noteProgress() }
    }
  }

  /// Whether a subscription has yet to reach the point where it waits. Subscriptions are
  /// never waited for as work, but one that has not started, or under virtual time is not
  /// yet asleep on the clock, must get there before time moves, or it would sleep from the
  /// wrong instant (its first tick would come late).
  var subscriptionsAreStarting: Bool {
    let subscriptions = store.jobs.filter { $0.kind == .subscription && !recorder.scheduler.heldJobs.contains($0.id) }
    guard !subscriptions.isEmpty else { return false }
    if let manualClock {
      return subscriptions.count > manualClock.sleeperCount
    }
    return subscriptions.contains { $0.status == .pending }
  }

  var runningJobNames: [String] { unheldJobs.map(\.name) }

  /// The jobs not held, each named with its id (`fetch #3`), for a timeout's report: the
  /// user can then find them in `info jobs`.
  var runningJobsNamed: [String] { unheldJobs.map { "\($0.name) \($0.id)" } }

  /// Moves virtual time forward by `duration`, one deadline at a time, letting the jobs each
  /// deadline wakes run until they finish or sleep again before moving on. Stops early when
  /// the store pauses.
  ///
  /// - Returns: The time on the virtual clock afterwards.
  func advance(by duration: Duration) async throws(DebugError) -> Duration {
    guard let manualClock else {
      let hint = options.virtualClockHint.map { ": " + $0 } ?? " (this session runs on the real clock)"
      throw DebugError("advance needs virtual time" + hint)
    }
    guard duration >= .zero else { throw DebugError("cannot advance by a negative duration") }
    guard SessionTime.fits(manualClock.now.offset + duration) else {
      throw DebugError("cannot advance by \(DurationText.format(duration)): virtual time would pass what a session file holds (about 292 years)")
    }
    let target = manualClock.now.advanced(by: duration)
    try await settleForAdvance(toward: target)
    // One sleep at a time, each woken job settling before the next wakes: jobs due at the
    // same instant run in the order they went to sleep, on every run.
    while !store.isPaused, manualClock.wakeNext(notAfter: target) {
      try await settleForAdvance(toward: target)
    }
    if !store.isPaused {
      manualClock.advance(to: target)
      try await settleForAdvance(toward: target)
    }
    return manualClock.now.offset
  }

  /// Waits for what `advance` woke to settle; a job that shows no sign of life for the wait
  /// limit stops the advance where it is, as an error naming it, rather than moving time
  /// under a job that has not gone back to sleep.
  private func settleForAdvance(toward target: ManualClock.Instant) async throws(DebugError) {
    guard case .timedOut(let jobs) = await waitUntilSettled() else { return }
    let now = DurationText.format(manualClock?.now.offset ?? .zero)
    let limit = DurationText.format(limit: options.waitLimit)
    throw DebugError(
      "advance stopped at \(now) of \(DurationText.format(target.offset)): still running after the wait limit (\(limit)) "
        + "of real time with no progress: \(jobs.joined(separator: ", ")) (raise it with `set wait limit`)")
  }

}
