import Sluice

extension TimeTraveller {
  /// `shrink`: finds a smallest subsequence of the history's root actions (those the user, a
  /// script or the program sent) whose replay, with effects and timers, still shows `goal`
  /// (or, when `nil`, the cycle the session warned of first, else its first failed job), and makes its replay the
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
    let roots = try recordedRoots(for: "shrink")
    let replay = scratchReplay(of: roots, in: makeScratch)
    let interruptions = session.pausesAsked
    var kept: (positions: [Int], session: Session<State, Action>)?
    func test(_ positions: [Int]) async throws(DebugError) -> DeltaDebugging.Verdict {
      // Asked before a replay rather than after: the one that ran counts, none is wasted.
      if session.pausesAsked != interruptions || session.pauseRequest.isPending { return .interrupted }
      let scratch = try await replay.run(positions)
      let fails = try goal.isShown(by: scratch)
      if fails {
        if let kept { replay.discard(kept.session) }
        kept = (positions, scratch)
      } else {
        replay.discard(scratch)
      }
      return fails ? .fails : .passes
    }
    let everything = Array(roots.indices)
    progress(ShrinkProgress(replays: 0, budget: budget, kept: roots.count, rootActions: roots.count))
    let first = try await test(everything)
    if first == .interrupted { throw DebugError("shrink was interrupted before its first replay: nothing changed") }
    guard first == .fails else {
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
    install(kept.session, keeping: goal, reason: "shrunk to the replay of \(kept.session.history.count) entries")
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

  /// The failure a `shrink` with no condition keeps: the first cycle the session warned of,
  /// else the first job that failed.
  private func inferredGoal() throws(DebugError) -> ShrinkGoal {
    if let report = session.cycleReports.first { return .cycle(report.cycle) }
    let failed = session.jobSpans.first { span in
      if case .failed = span.outcome { true } else { false }
    }
    guard let failed else {
      throw DebugError(
        "shrink needs a failure to keep: a condition the last state satisfies (`shrink count < 0`), or a session that warned of a cycle or had a job fail")
    }
    return .failedJob(failed.name)
  }
}
