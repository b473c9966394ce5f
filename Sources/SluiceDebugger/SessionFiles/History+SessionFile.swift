extension History where State: Codable, Action: Codable {
  /// The session file that keeps this history: its base, every entry (each distinct action
  /// once, each edit as its command spells it, what each read), the state digests
  /// ``DigestSchedule`` makes due, and the final state, as recorded, never recomputed.
  ///
  /// The one way a history becomes a file: `save` writes a debugger session's with it, and
  /// ``RecordedSession`` a test store's.
  ///
  /// - Parameters:
  ///   - feature: The name the feature is registered under; `load` refuses another's file.
  ///   - fingerprint: The ``SessionFingerprint`` of the feature's types.
  ///   - breakpoints: The breakpoints, as the file keeps them.
  ///   - position: The entry the file opens at; `nil` at the last entry.
  ///   - virtualTime: The virtual clock's time, for a session on virtual time.
  ///   - checkReplay: Asked of each entry whose state is digested, until it first answers: the
  ///     divergence replaying the entry gives, if it does (a load of the file would diverge
  ///     there).
  /// - Returns: The file, and the first divergence `checkReplay` found.
  /// - Throws: What an action's or a state's `encode(to:)` throws; a time beyond what a file
  ///   holds.
  func sessionFile(
    feature: String, fingerprint: String, breakpoints: [SavedBreakpoint], position: Int?,
    virtualTime: Duration?, checkReplay: (Entry) -> ReplayDivergence? = { _ in nil }
  ) throws -> (file: SessionFile<State, Action>, divergence: ReplayDivergence?) {
    var log = EntryLog()
    var reads: [SessionFile<State, Action>.SavedReads] = []
    var edits: [SessionFile<State, Action>.SavedEdit] = []
    log.entries.reserveCapacity(count)
    var actions = ActionTable<Action>()
    var origins: [EntryOrigin] = []
    // One sink for every digest of the file: it keeps what it learns about types.
    let digests = DigestSink()
    // Digesting after every entry is quadratic in a growing state: the schedule load checks by.
    var schedule = DigestSchedule(count: count)
    var divergence: ReplayDivergence?
    var states = stateCursor
    for (offset, entry) in entries.enumerated() {
      let recorded = states.state(after: entry.index)
      // The entries digested are checked too: replayed from the state before them, each
      // must give the state recorded, or a load of this file will diverge there.
      if divergence == nil, schedule.isDue(offset) { divergence = checkReplay(entry) }
      if !entry.reads.isEmpty { reads.append(.init(index: entry.index, reads: entry.reads)) }
      // Origins are few (user, script, a handful of jobs): a linear search is cheapest.
      let origin = origins.firstIndex(of: entry.origin) ?? origins.count
      if origin == origins.count { origins.append(entry.origin) }
      let action: Int
      switch entry.action {
      case .action(let reduced):
        action = try actions.position(of: reduced, using: digests)
      case .edit(let edit):
        edits.append(.init(index: entry.index, path: edit.path.description, value: edit.valueText))
        action = 0
      }
      log.entries.append(
        .init(
          action: action, origin: origin,
          sequence: entry.context.sequence, parent: entry.context.parent, root: entry.context.root,
          depth: entry.context.depth, time: try SessionTime.nanoseconds(entry.time), isSkipped: entry.isSkipped,
          stateDigest: try schedule.digest(of: recorded, at: offset, using: digests)))
    }
    let file = SessionFile(
      feature: feature, fingerprint: fingerprint, initialState: base, firstIndex: firstIndex,
      actions: actions.actions, origins: origins, log: log.text, finalState: finalState, reads: reads, edits: edits,
      breakpoints: breakpoints, position: position, virtualTime: try virtualTime.map(SessionTime.nanoseconds))
    return (file, divergence)
  }
}
