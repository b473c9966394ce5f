import Sluice

/// Sends a subsequence of a history's root actions again to a scratch session of the same
/// feature, with effects, jobs and timers running: what `shrink` tests each candidate with,
/// and `insert` replays the actions with the new one in.
///
/// The scratch session starts from the history's base, on a virtual clock. Each action is
/// sent at the time it was sent (time moves there first, waking the timers due on the way,
/// one deadline at a time, as `advance` does), and its reduction is fed the values it read
/// then; what effects send reads live on the scratch session's clock and sources. After the
/// last action, time moves to ``end``, so that what was due by then happens.
/// A replay is deterministic: the same subsequence gives the same history every time.
@MainActor
struct ScratchReplay<State: Codable & Equatable & Sendable, Action: Codable & Sendable> {
  /// Makes a new session of the feature, on virtual time, with the session's settings.
  let makeSession: @MainActor () throws(DebugError) -> Session<State, Action>
  /// The state the history starts from.
  let base: State
  /// The root actions, in the order sent.
  let roots: [RecordedRoot<Action>]
  /// Where time moves after the last action: where the session's virtual time has got, or
  /// the history's last entry's time.
  let end: Duration

  /// Replays the roots at `positions` (in order) in a new scratch session, and returns it,
  /// settled: its history, state, cycle reports and job spans are the replay's. Its jobs
  /// still run; ``discard(_:)`` stops them.
  func run(_ positions: [Int]) async throws(DebugError) -> Session<State, Action> {
    let session = try makeSession()
    let runner = Runner(session)
    if session.store.state != base {
      runner.replaceState(with: base, reason: "a scratch replay starts from the history's base")
      session.recorder.rewriteTimeline { $0.restart(from: base) }
      session.restartSubscriptions(because: "a scratch replay")
    }
    for position in positions {
      let root = roots[position]
      try await moveTime(of: runner, to: root.time)
      if !root.reads.isEmpty { session.tape.feedNextReduction(root.reads) }
      runner.send(decoded: root.action, origin: root.origin)
      _ = await runner.waitUntilSettled()
    }
    try await moveTime(of: runner, to: end)
    return session
  }

  /// Stops what a replay left running: its jobs and subscriptions.
  func discard(_ session: Session<State, Action>) {
    session.abandonLiveWork(because: "the end of a scratch replay")
    for job in session.store.jobs where job.status != .cancelled { session.store.cancel(job.id) }
  }

  /// Moves `runner`'s virtual time to `time` when it lies ahead; waits for the store to
  /// settle either way.
  private func moveTime(of runner: Runner<State, Action>, to time: Duration) async throws(DebugError) {
    let now = runner.session.manualClock?.now.offset ?? .zero
    if time > now {
      _ = try await runner.advance(by: time - now)
    } else {
      _ = await runner.waitUntilSettled()
    }
  }
}
