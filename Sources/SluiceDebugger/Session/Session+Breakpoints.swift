import Sluice

extension Session {
  /// Asked by the store before each reduction: stops at a matching action breakpoint.
  func shouldPause(before action: Action, context: ActionContext) -> Bool {
    guard !breakpointList.isEmpty else { return false }
    let name = caseNameOf(action)
    for breakpoint in breakpointList.all where breakpoint.isEnabled {
      guard case .action(let pattern, let condition) = breakpoint.kind, globMatches(pattern, name) else {
        continue
      }
      if let condition, (try? condition.isSatisfied(by: store.state)) != true { continue }
      if breakpointList.hit(breakpoint.id) {
        emit(.stopped(.breakpoint(id: breakpoint.id, action: describe(action))))
        return true
      }
    }
    return false
  }

  /// Asked by the store when a job is scheduled: while paused every job is held, so stepping
  /// can run them one at a time; a matching job breakpoint holds its job and pauses.
  func shouldHold(_ job: JobInfo) -> Bool {
    if store.isPaused {
      hold(job)
      return true
    }
    for breakpoint in breakpointList.all where breakpoint.isEnabled {
      guard case .job(let pattern) = breakpoint.kind, globMatches(pattern, job.name) else { continue }
      if breakpointList.hit(breakpoint.id) {
        hold(job)
        store.pause()
        emit(.stopped(.job(id: breakpoint.id, job: job)))
        return true
      }
    }
    return false
  }

  private func hold(_ job: JobInfo) {
    heldJobs.insert(job.id)
    knownJobs[job.id] = job
    arrive(.job(job.id))
  }

  /// Stops after the action at `index` if it changed a watched path.
  func checkWatchpoints(after index: Int, in state: State) {
    for breakpoint in breakpointList.all where breakpoint.isEnabled {
      guard case .watch(let path) = breakpoint.kind else { continue }
      let value = render(path, in: state)
      let old = watchedValues[breakpoint.id]
      guard value != old else { continue }
      watchedValues[breakpoint.id] = value
      if breakpointList.hit(breakpoint.id) {
        store.pause()
        emit(.stopped(.watchpoint(id: breakpoint.id, path: path, old: old ?? "", new: value, index: index)))
      }
    }
  }

  /// The value at `path` in `state`, rendered on one line, or why there is none.
  func render(_ path: StatePath, in state: State) -> String {
    do {
      return ValueTree(reflecting: try path.value(in: state)).compactDescription
    } catch {
      return "<\(error.description)>"
    }
  }

  // MARK: - Managing breakpoints

  func addBreakpoint(_ kind: Breakpoint.Kind, isOneShot: Bool, ignoreCount: Int) throws(DebugError) -> Breakpoint {
    if case .watch(let path) = kind {
      do {
        _ = try path.value(in: store.state)
      } catch {
        throw DebugError("cannot watch \(path): \(error.description)")
      }
    }
    let breakpoint = breakpointList.add(kind, isOneShot: isOneShot, ignoreCount: ignoreCount)
    if case .watch(let path) = kind {
      watchedValues[breakpoint.id] = render(path, in: store.state)
    }
    if case .cycle = kind { updateCyclePolicy() }
    return breakpoint
  }

  func deleteBreakpoint(_ id: Int) throws(DebugError) {
    guard let removed = breakpointList.remove(id) else { throw DebugError("no breakpoint \(id)") }
    watchedValues[id] = nil
    if case .cycle = removed.kind { updateCyclePolicy() }
  }

  func setBreakpoint(_ id: Int, enabled: Bool) throws(DebugError) {
    guard let breakpoint = breakpointList.update(id, { $0.isEnabled = enabled }) else {
      throw DebugError("no breakpoint \(id)")
    }
    if case .watch(let path) = breakpoint.kind, enabled {
      watchedValues[id] = render(path, in: store.state)
    }
    if case .cycle = breakpoint.kind { updateCyclePolicy() }
  }

  func setIgnoreCount(_ count: Int, for id: Int) throws(DebugError) {
    guard breakpointList.update(id, { $0.ignoreCount = max(0, count) }) != nil else {
      throw DebugError("no breakpoint \(id)")
    }
  }

  /// An enabled cycle breakpoint makes the detector pause; otherwise it uses the session's
  /// configured policy.
  private func updateCyclePolicy() {
    let breaksOnCycle = breakpointList.all.contains { $0.kind == .cycle && $0.isEnabled }
    var detection = options.cycleDetection
    if breaksOnCycle { detection.policy = .pause }
    store.cycleDetection = detection
  }
}
