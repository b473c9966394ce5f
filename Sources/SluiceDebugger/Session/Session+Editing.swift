import Sluice

extension Session {
  /// `set var PATH = VALUE`: sets a value of the current state and records the edit as a
  /// history entry of its own kind, after the position (a jump into the past forks there, as
  /// an action would): `log` lists it, `toggle` and `load` apply it again, `save` keeps it.
  ///
  /// - Returns: The entry's index.
  /// - Throws: When the path leads nowhere, or the value is not of the type found there.
  @usableFromInline func setValue(_ edit: StateEdit, origin: EntryOrigin) throws(DebugError) -> Int {
    let oldState = store.state
    let newState = try edit.applied(to: oldState)
    if !timeline.isAtPresent { forkBeforeRecording() }
    // An edit is numbered as an action would be, so that entries stay in the store's order.
    let sequence = store.reserveSequenceNumber()
    let context = ActionContext(sequence: sequence, parent: nil, root: sequence, depth: 0, origin: .external)
    let diff = StateDiff(from: oldState, to: newState)
    let index = history.nextIndex
    if history.foldsOnNextAppend { keepWaitingReductions() }
    timeline.append(
      .edit(edit), context: context, origin: origin, nanoseconds: recorder.nanoseconds(at: .now), reduceNanoseconds: 0,
      changedPaths: diff.changedPaths, reads: [], producing: newState)
    recorder.recordedCount &+= 1
    noteEdit()
    store.replaceState(with: newState)
    if options.diffDisplay == .full {
      events.emitReduction(index, diff: diff)
    } else {
      events.emitReduction(index)
    }
    if !breakpointList.isEmpty { checkWatchpoints(after: index, in: newState) }
    changes.notify()
    return index
  }

  /// The step as `log` lists it: the action as typed, or `set var PATH = VALUE`.
  func describe(_ step: HistoryStep<Action>) -> String {
    switch step {
    case .action(let action): describe(action)
    case .edit(let edit): edit.description
    }
  }

  /// The step's case name (``HistoryRecord/caseName``): an edit's is `set var`, which no
  /// case pattern matches.
  func caseName(of step: HistoryStep<Action>) -> String {
    switch step {
    case .action(let action): caseNameOf(action)
    case .edit: HistoryRecord.editCaseName
    }
  }
}
