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
    // The search makes every subsequence that fails its own at once, and later tests only
    // ones smaller than it: the last replay that failed is the result's.
    var lastFailing: Session<State, Action>?
    func test(_ positions: [Int]) async throws(DebugError) -> DeltaDebugging.Verdict {
      // Asked before a replay rather than after: the one that ran counts, none is wasted.
      if session.pausesAsked != interruptions || session.pauseRequest.isPending { return .interrupted }
      let scratch = try await replay.run(positions)
      let fails = try goal.isShown(by: scratch)
      if fails {
        if let lastFailing { replay.discard(lastFailing) }
        lastFailing = scratch
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
    guard let shrunk = lastFailing else { throw DebugError("shrink kept no replay") }
    install(shrunk, keeping: goal, reason: "shrunk to the replay of \(shrunk.history.count) entries")
    replay.discard(shrunk)
    let keptRoots = session.history.entries.filter(\.origin.isSentFromOutside)
    return Shrinking(
      goal: goal.description, rootActions: roots.count,
      kept: zip(result.kept, keptRoots).map { position, entry in
        let record = describer.record(of: entry)
        return Shrinking.Kept(
          index: record.index, originalIndex: roots[position].index, action: record.action, caseName: record.caseName,
          origin: record.origin.description)
      },
      entries: shrunk.history.count, replays: result.tests + 1, budget: budget, stop: result.stop)
  }

  /// The failure a `shrink` with no condition keeps: the first cycle the session warned of,
  /// else the first job that failed.
  private func inferredGoal() throws(DebugError) -> ShrinkGoal {
    if let report = session.cycleReports.first { return .cycle(report.warning) }
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
