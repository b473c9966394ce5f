import Sluice

extension TimeTraveller {
  /// `shrink`: finds a smallest subsequence of the history's root actions (those the user, a
  /// script or the program sent) whose replay, with effects and timers, still shows `goal`
  /// (or, when `nil`, the cycle the session warned of first), and makes its replay the
  /// timeline; the history before is kept as the original.
  ///
  /// Each candidate is replayed in a scratch session `makeScratch` makes (see
  /// ``ScratchReplay``), at most `budget` times in all; the search is ``DeltaDebugging``'s.
  /// Ctrl-C (a pause asked of this session) ends it with the smallest failing subsequence
  /// found so far.
  func shrink(
    _ asked: ShrinkGoal?, budget: Int, makeScratch: @escaping ScratchSessionMaker,
    progress: @escaping @MainActor (ShrinkProgress) -> Void
  ) async throws(DebugError) -> Shrinking {
    guard budget >= 1 else { throw DebugError("the replay budget must be at least 1") }
    let goal: ShrinkGoal
    if let asked { goal = asked } else { goal = try inferredGoal() }
    if case .condition(let condition) = goal, try !condition.holds(in: history.finalState) {
      throw DebugError("\(condition) does not hold in the last state: shrink keeps a failure, and there is none to keep")
    }
    let history = history
    if let edit = history.entries.first(where: { entry in
      guard !entry.isSkipped, case .edit = entry.action else { return false }
      return true
    }) {
      throw DebugError("#\(edit.index) edits the state by hand (`set var`), which a replay of actions cannot: `toggle \(edit.index)` to leave it out first")
    }
    let roots = history.entries.compactMap { entry -> RecordedRoot<Action>? in
      guard !entry.isSkipped, case .action(let action) = entry.action else { return nil }
      switch entry.origin {
      case .user, .script, .external:
        return RecordedRoot(index: entry.index, action: action, origin: entry.origin, time: entry.time, reads: entry.reads)
      case .effect, .job:
        return nil
      }
    }
    let replay = ScratchReplay<State, Action>(
      makeSession: { [options] () throws(DebugError) in try Self.scratchSession(makeScratch, options: options) },
      base: history.state(after: history.firstIndex - 1), roots: roots,
      end: history.entry(history.lastIndex)?.time ?? .zero)
    let interruptions = session.pausesAsked
    var kept: (positions: [Int], session: Session<State, Action>)?
    func test(_ positions: [Int]) async throws(DebugError) -> DeltaDebugging.Verdict {
      let scratch = try await replay.run(positions)
      let fails = try goal.isShown(by: scratch)
      if fails {
        if let kept { replay.discard(kept.session) }
        kept = (positions, scratch)
      } else {
        replay.discard(scratch)
      }
      if session.pausesAsked != interruptions || session.pauseRequest.isPending { return .interrupted }
      return fails ? .fails : .passes
    }
    let everything = Array(roots.indices)
    progress(ShrinkProgress(replays: 0, budget: budget, kept: roots.count, rootActions: roots.count))
    guard try await test(everything) == .fails else {
      throw DebugError(
        "a replay of the \(roots.count) root actions does not show \(goal): the failure needs something a replay does not repeat "
          + "(an edit by hand, a value read outside a reducer, real time)")
    }
    let search = DeltaDebugging(budget: budget - 1)
    let result = try await search.minimize(everything, test: test) { tests, size in
      progress(ShrinkProgress(replays: tests + 1, budget: budget, kept: size, rootActions: roots.count))
    }
    var replays = result.tests + 1
    // The search may settle on a subsequence it knew from an earlier test, whose session
    // was not the last one kept.
    if kept?.positions != result.kept {
      if let kept { replay.discard(kept.session) }
      kept = (result.kept, try await replay.run(result.kept))
      replays += 1
    }
    guard let kept else { throw DebugError("shrink kept no replay") }
    install(kept.session, for: goal)
    replay.discard(kept.session)
    let keptRoots = session.history.entries.filter { entry in
      switch entry.origin {
      case .user, .script, .external: true
      case .effect, .job: false
      }
    }
    return Shrinking(
      goal: goal.description, rootActions: roots.count,
      kept: zip(kept.positions, keptRoots).map { position, entry in
        let record = describer.record(of: entry)
        return Shrinking.Kept(
          index: record.index, originalIndex: roots[position].index, action: record.action, caseName: record.caseName,
          origin: record.origin.description)
      },
      entries: kept.session.history.count, replays: replays, budget: budget,
      stop: Shrinking.Stop(rawValue: result.stop.rawValue) ?? .minimal)
  }

  /// The failure a `shrink` with no condition keeps: the first cycle the session warned of.
  private func inferredGoal() throws(DebugError) -> ShrinkGoal {
    guard let report = session.cycleReports.first else {
      throw DebugError(
        "shrink needs a failure to keep: a condition the last state satisfies (`shrink count < 0`), or a session that warned of a cycle")
    }
    return .cycle(report.cycle)
  }

  /// A scratch session from `makeScratch`, on virtual time, with this session's settings,
  /// but for its cycle detector, which breaks a loop where it fires: a replay must end, and
  /// no one answers a pause there. The warning still counts as the failure a cycle is.
  private static func scratchSession(
    _ makeScratch: ScratchSessionMaker, options: SessionOptions
  ) throws(DebugError) -> Session<State, Action> {
    var options = options
    options.usesVirtualClock = true
    // Every entry of a replay is kept: the one kept becomes the timeline.
    options.historyLimit = max(options.historyLimit, Int(Int32.max))
    options.diffDisplay = .off
    options.eventsCarryChanges = false
    options.cycleDetection.policy = .break
    guard let scratch = (try makeScratch(options) as? LoadedSession<State, Action>)?.session else {
      throw DebugError("shrink replays in a new session of the feature, and this feature's sessions are not of its types")
    }
    return scratch
  }

  /// Makes `scratch`'s replay the timeline, keeping the history before it as the original,
  /// with the scratch session's job spans and cycle reports.
  private func install(_ scratch: Session<State, Action>, for goal: ShrinkGoal) {
    session.abandonLiveWork(because: "shrink")
    if timeline.original == nil || session.shrunk == nil {
      session.shrunk = ShrunkTimeline(
        goal: goal, originalJobSpans: session.jobSpanLog.kept, originalCycleReports: session.cycleReports)
    } else {
      session.shrunk?.goal = goal
    }
    recorder.rewriteTimeline { $0.replaceKeepingOriginal(with: scratch.history) }
    session.jobSpanLog.replace(with: scratch.jobSpanLog.kept)
    session.replaceCycleReports(with: scratch.cycleReports)
    if let time = scratch.manualClock?.now { moveVirtualTime(to: time) }
    session.noteEdit()
    replaceState(with: timeline.stateAtPosition, reason: "shrunk to the replay of \(scratch.history.count) entries")
  }
}

/// Makes a new session of the current feature with the given settings: what `shrink`
/// replays each candidate in. The session's owner knows the feature; the session does not.
public typealias ScratchSessionMaker = @MainActor (SessionOptions) throws(DebugError) -> any DebugSession
