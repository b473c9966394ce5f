import Sluice

extension Session {
  /// Asked by the store before each reduction: stops at a matching action breakpoint.
  func shouldPause(before action: Action, context: ActionContext) -> Bool {
    !breakpointList.isEmpty && stopsAtActionBreakpoint(before: action)
  }

  /// Whether an enabled action breakpoint matches `action` and stops (counting the hit);
  /// emits the stop. A log point that matches prints (the `traced` event) and never stops.
  func stopsAtActionBreakpoint(before action: Action) -> Bool {
    let name = describer.caseName(action)
    for breakpoint in breakpointList.all where breakpoint.isEnabled {
      if case .trace(let logPoint) = breakpoint.kind {
        trace(logPoint, id: breakpoint.id, before: action, caseName: name)
        continue
      }
      guard case .action(let pattern, let condition) = breakpoint.kind, casePatternMatches(pattern, name) else {
        continue
      }
      if let condition, (try? condition.isSatisfied(by: store.state, action: action)) != true { continue }
      if changeBreakpoints({ $0.hit(breakpoint.id) }) {
        noteEdit()
        emit(.stopped(.breakpoint(id: breakpoint.id, action: describer.describe(action))))
        return true
      }
    }
    return false
  }

  /// Asked by the store when a job is scheduled: while paused every job is held, so stepping
  /// can run them one at a time (job breakpoints are asked when `continue` releases it); a
  /// matching job breakpoint holds its job and pauses.
  func shouldHold(_ job: JobInfo) -> Bool {
    if store.isPaused {
      recorder.scheduler.hold(job, checked: false)
      return true
    }
    if stopsAtJobBreakpoint(job) {
      recorder.scheduler.hold(job, checked: true)
      store.pause()
      return true
    }
    return false
  }

  /// Prints what log point `id` prints before `action` when it matches, counting the hit;
  /// an ignore count lets matches pass without printing, as a breakpoint's lets them pass
  /// without stopping. The action becomes the entry after the position (a fork there first).
  private func trace(_ logPoint: LogPoint, id: Int, before action: Action, caseName: String) {
    guard logPoint.matches(caseName), let values = logPoint.printed(before: action, in: store.state, redaction: redaction),
      changeBreakpoints({ $0.hit(id) })
    else { return }
    let entry = TracedEntry(index: timeline.position + 1, action: describer.describe(action), caseName: caseName, values: values)
    emit(.traced(id: id, entry))
  }

  /// Whether an enabled job breakpoint matches `job` and stops (counting the hit); emits
  /// the stop.
  func stopsAtJobBreakpoint(_ job: JobInfo) -> Bool {
    for breakpoint in breakpointList.all where breakpoint.isEnabled {
      guard case .job(let pattern) = breakpoint.kind, globMatches(pattern, job.name) else { continue }
      if changeBreakpoints({ $0.hit(breakpoint.id) }) {
        noteEdit()
        emit(.stopped(.job(id: breakpoint.id, job: job)))
        return true
      }
    }
    return false
  }

  /// Stops after the action at `index` if it changed a watched path.
    func checkWatchpoints(after index: Int, in state: State) {
    for change in watches.changes(in: state, breakpoints: breakpointList.all)
    where changeBreakpoints({ $0.hit(change.id) }) {
      store.pause()
      emit(.stopped(.watchpoint(id: change.id, path: change.path, old: change.old, new: change.new, index: index)))
    }
  }

  /// Replaces every breakpoint (a load), keeping their ids.
  func replaceBreakpoints(with list: BreakpointList) {
    changeBreakpoints { $0 = list }
    watches.removeAll()
    watches.rebase(on: store.state, breakpoints: list.all)
    updateCyclePolicy()
  }

  /// An enabled cycle breakpoint makes the detector pause; otherwise it uses the session's
  /// configured policy.
  func updateCyclePolicy() {
    let breaksOnCycle = breakpointList.all.contains { $0.kind == .cycle && $0.isEnabled }
    var detection = options.cycleDetection
    if breaksOnCycle { detection.policy = .pause }
    store.cycleDetection = detection
  }

  /// Pauses the store before its next action; jobs scheduled from now on are held. A
  /// pause request raised meanwhile is answered by this pause.
  func pause() {
    pausesAsked += 1
    pauseRequest.lower()
    guard !store.isPaused else { return }
    store.pause()
    emit(.stopped(.requested))
  }
}
