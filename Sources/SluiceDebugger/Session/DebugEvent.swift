import Sluice

/// Something that happened in a session, for the shell or a script runner to show.
public enum DebugEvent: Sendable {
  /// An action was reduced. `diff` is what it changed, present when the session's
  /// ``DiffDisplay`` is `full`, or whatever the display when programs read the session's
  /// events (``SessionOptions/eventsCarryChanges``); `shown` is the display it is shown with,
  /// which decides what a terminal shows of it (the diff, a summary of the paths, nothing).
  case reduced(HistoryRecord, diff: StateDiff?, shown: DiffDisplay = .full)
  /// The store stopped, and why.
  case stopped(StopReason)
  /// The cycle detector found a cycle it had not reported before.
  case cycleDetected(CycleReport)
  /// The cycle detector fired again for a cycle already reported; the report carries the
  /// count so far. Repeats arrive as one event, after the others taken with it; taken in
  /// the background, only once the store stops running (see
  /// ``SessionInspection/takeBackgroundEvents()``).
  case cycleRepeated(CycleReport)
  /// An action was not reduced.
  case dropped(action: String, reason: DropReason)
  /// A job ended with an error nobody handled.
  case jobFailed(JobInfo)
  /// Time travel or a load replaced the state.
  case stateReplaced(reason: String, diff: StateDiff?)
  /// A job was cancelled by the debugger, not by the feature: time travel, `reset` or
  /// `load` abandoned the timeline it belonged to.
  case jobCancelled(JobInfo, reason: String)
  /// The feature's state holds a value with reference semantics (a class instance) at
  /// `path`: the reducer can change it in place, where history, diffs, `jump` and `load`
  /// cannot see the change. Reported once, when the feature is loaded.
  case referenceInState(path: String, typeName: String)
  /// Replaying history (`toggle`, `save`, `load`) gave another state than the one recorded, first
  /// at the entry the divergence names.
  case replayDiverged(ReplayDivergence)
  /// Events nobody took were dropped, the oldest first, to bound the memory they held:
  /// `count` of them, before the events that follow.
  case eventsDropped(count: Int)
  /// An action reduced after a jump into the past forked the timeline at entry `index`: the
  /// entries after it, `dropped`, are gone.
  case forked(at: Int, dropped: ClosedRange<Int>)
  /// A command other than `advance` (whose answer says so) moved virtual time, from one
  /// session time to another: a step that ran a job sleeping on the clock, a `load`. Moves
  /// with nothing between them arrive as one event.
  case timeAdvanced(from: Duration, to: Duration)
  /// Log point `id` matched the action about to be reduced as entry `entry.index`, and
  /// printed its values; the session goes on.
  case traced(id: Int, TracedEntry)
}

/// Why a session stopped.
public enum StopReason: Sendable, Equatable {
  /// A breakpoint matched the action about to be reduced.
  case breakpoint(id: Int, action: String)
  /// A watched path changed; `index` is the history entry of the action that changed it.
  case watchpoint(id: Int, path: StatePath, old: String, new: String, index: Int)
  /// The cycle detector paused the store.
  case cycle(CycleWarning)
  /// A job matched a job breakpoint and is held, not started.
  case job(id: Int, job: JobInfo)
  /// `pause`, or an interrupt.
  case requested
  /// A step or next finished.
  case step
}
