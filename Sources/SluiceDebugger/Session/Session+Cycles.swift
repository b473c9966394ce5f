import DequeModule
import Sluice

/// Cycle warnings, one per distinct cycle, and the causal chains `bt` shows.
extension Session {
  /// How many frames a backtrace shows before it elides the rest down to the root.
  static var backtraceFrameLimit: Int { 16 }

  /// Records a warning: the first of its cycle is reported in full, with the jobs that
  /// close each edge; later ones only count, and a pause still stops.
  func noteCycle(_ warning: CycleWarning) {
    trimRecordsToHistory()
    // `.pong → .ping` is the loop `.ping → .pong` entered elsewhere: one cycle.
    let key = CycleReport.canonicalRotation(of: warning.cycle)
    if let index = cycleIndex[key] {
      cycleReports[index].count += 1
      cycleReports[index].lastSeen = elapsedTime
      cycleReports[index].latestPolicy = warning.policy
      recorder.events.emitCycleRepeat(cycleReports[index])
    } else {
      let chain = backtrace(ofQueued: warning.context, caseName: warning.caseName)
      let report = CycleReport(
        warning: warning, path: CycleReport.path(of: warning.cycle, along: chain), count: 1, firstSeen: elapsedTime,
        lastSeen: elapsedTime, chain: chain)
      cycleIndex[key] = cycleReports.count
      cycleReports.append(report)
      emit(.cycleDetected(report))
      for listener in cycleListeners { listener.yield(report) }
      onFirstSeenCycle?()
    }
    if warning.policy == .pause { emit(.stopped(.cycle(warning))) }
  }

  /// The chain of an action about to be reduced (queued or at the detector), newest first.
  func backtrace(ofQueued context: ActionContext, caseName: String? = nil) -> Backtrace {
    let action = store.queuedActions.first { $0.context.sequence == context.sequence }?.action
    let name = action.map(describer.caseName) ?? caseName ?? "?"
    let head = BacktraceFrame(
      action: action.map(describer.describe) ?? "." + name, caseName: name, context: context, index: nil,
      origin: recorder.scheduler.origin(ofQueued: context.sequence) ?? recorder.origin(of: context))
    return chain(startingWith: [head], parent: context.parent, root: context.root)
  }

  /// The causal chain of the action at the head of the queue, or of the entry at the
  /// position when nothing is queued.
  var backtrace: Backtrace {
    if let head = store.queuedActions.first {
      return backtrace(ofQueued: head.context)
    }
    guard let last = history.entry(timeline.position) else {
      return Backtrace(frames: [], elidedCount: 0, root: nil)
    }
    return chain(startingWith: [], parent: last.context.sequence, root: last.context.root)
  }

  /// The causal chain of history entry `entry`, newest first: the entry, what caused it, back
  /// to its root.
  func backtrace(ofEntry entry: History<State, Action>.Entry) -> Backtrace {
    chain(startingWith: [frame(for: entry, index: entry.index)], parent: entry.context.parent, root: entry.context.root)
  }

  /// Follows parents from `parent` through the history, at most the frame limit, and ends
  /// with the root, saying how many frames in between were left out.
  private func chain(startingWith start: [BacktraceFrame], parent: UInt64?, root: UInt64) -> Backtrace {
    var frames = start
    var next = parent
    while let sequence = next, frames.count < Self.backtraceFrameLimit,
      let index = history.index(ofSequence: sequence), let entry = history.entry(index)
    {
      frames.append(frame(for: entry, index: index))
      next = entry.context.parent
    }
    guard next != nil, let last = frames.last else { return Backtrace(frames: frames, elidedCount: 0, root: nil) }
    // Stopped before the root: by the limit, or because the history folded the rest.
    let rootEntry = history.root(numbered: root)
    // A root the history folded away is kept with its entry's number.
    let rootFrame = rootEntry.map { frame(for: $0, index: $0.index) }
    let elided = max(0, last.context.depth - 1)
    return Backtrace(frames: frames, elidedCount: rootFrame == nil ? last.context.depth : elided, root: rootFrame)
  }

  private func frame(for entry: History<State, Action>.Entry, index: Int?) -> BacktraceFrame {
    BacktraceFrame(
      action: describer.describe(entry.action), caseName: describer.caseName(of: entry.action), context: entry.context, index: index,
      origin: entry.origin)
  }
}
