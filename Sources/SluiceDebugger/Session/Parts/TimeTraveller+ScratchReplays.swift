import Sluice

extension TimeTraveller {
  /// The history's root actions (those the user, a script or the program sent, not skipped),
  /// in order: what a scratch replay sends again. A history with an edit by hand cannot be
  /// replayed so: `command` names what refuses it.
  func recordedRoots(for command: String) throws(DebugError) -> [RecordedRoot<Action>] {
    var roots: [RecordedRoot<Action>] = []
    for entry in history.entries where !entry.isSkipped {
      switch entry.action {
      case .edit:
        throw DebugError(
          "#\(entry.index) edits the state by hand (`set var`), which a replay of actions cannot: `toggle \(entry.index)` to leave it out before \(command)")
      case .action(let action) where entry.origin.isSentFromOutside:
        roots.append(RecordedRoot(index: entry.index, action: action, origin: entry.origin, time: entry.time, reads: entry.reads))
      case .action:
        continue
      }
    }
    return roots
  }

  /// A replay of `roots` from the history's base in scratch sessions `makeScratch` makes.
  /// Time moves on to where this session's has got (on virtual time), or to the last entry's.
  func scratchReplay(of roots: [RecordedRoot<Action>], in makeScratch: @escaping ScratchSessionMaker) -> ScratchReplay<
    State, Action
  > {
    let lastEntryTime = history.entry(history.lastIndex)?.time ?? .zero
    return ScratchReplay<State, Action>(
      makeSession: { [options] () throws(DebugError) in try Self.scratchSession(makeScratch, options: options) },
      base: history.state(after: history.firstIndex - 1), roots: roots,
      end: max(lastEntryTime, manualClock?.now.offset ?? .zero))
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
      throw DebugError("a scratch replay runs in a new session of the feature, and this feature's sessions are not of its types")
    }
    return scratch
  }

  /// Makes `scratch`'s replay the timeline, keeping the history before it as the original,
  /// with the scratch session's job spans and cycle reports; `goal` is the failure a shrink
  /// kept, and `reason` says what replaced the state.
  func install(_ scratch: Session<State, Action>, keeping goal: ShrinkGoal?, reason: String) {
    session.abandonLiveWork(because: reason)
    if timeline.original == nil || session.replayed == nil {
      session.replayed = ReplayedTimeline(
        goal: goal, originalJobSpans: session.jobSpanLog.kept, originalCycleReports: session.cycleReports)
    } else {
      session.replayed?.goal = goal
    }
    recorder.rewriteTimeline { $0.replaceKeepingOriginal(with: scratch.history) }
    session.jobSpanLog.replace(with: scratch.jobSpanLog.kept)
    session.replaceCycleReports(with: scratch.cycleReports)
    if let time = scratch.manualClock?.now { moveVirtualTime(to: time) }
    session.noteEdit()
    replaceState(with: timeline.stateAtPosition, reason: reason)
  }

  /// `insert N ACTION`: sends `action` before entry `index` (one past the last: after it), at
  /// that entry's time, and replays the root actions with it in a scratch session, effects and
  /// timers running; the replay becomes the timeline, the history before kept as the original.
  func insert(_ action: ActionArgument, before index: Int, origin: EntryOrigin, makeScratch: @escaping ScratchSessionMaker)
    async throws(DebugError)
  {
    guard (history.firstIndex...history.lastIndex + 1).contains(index) else {
      throw DebugError(
        "no place \(index) to insert at: entries run from \(history.firstIndex) to \(history.lastIndex), and \(history.lastIndex + 1) is after the last")
    }
    let decoded = try decodeAction(action)
    var roots = try recordedRoots(for: "insert")
    let time = history.entry(index)?.time ?? history.entry(history.lastIndex)?.time ?? .zero
    let place = roots.firstIndex { $0.index >= index } ?? roots.count
    roots.insert(RecordedRoot(index: index, action: decoded, origin: origin, time: time, reads: []), at: place)
    let replay = scratchReplay(of: roots, in: makeScratch)
    let scratch = try await replay.run(Array(roots.indices))
    install(scratch, keeping: nil, reason: "inserted \(describer.describe(decoded)) before #\(index), the actions sent replayed with their effects")
    replay.discard(scratch)
  }
}
