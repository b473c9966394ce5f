import Sluice

extension Runner {
  /// `set var PATH = VALUE`: sets a value of the current state and records the edit as a
  /// history entry of its own kind, after the position (a jump into the past forks there, as
  /// an action would): `log` lists it, `toggle` and `load` apply it again, `save` keeps it.
  ///
  /// - Returns: The entry's index.
  /// - Throws: When the path leads nowhere, or the value is not of the type found there.
  func setValue(_ edit: StateEdit, origin: EntryOrigin) throws(DebugError) -> Int {
    // The edit's value would show in `log`, events and saved files.
    try refuseSecret(edit.path, "set")
    let oldState = store.state
    let newState = try edit.applied(to: oldState)
    // An edit is numbered as an action would be, so that entries stay in the store's order.
    let sequence = store.reserveSequenceNumber()
    let context = ActionContext(sequence: sequence, parent: nil, root: sequence, depth: 0, origin: .tool)
    let followUp = recorder.append(
      .edit(edit), context: context, origin: origin, diff: StateDiff(from: oldState, to: newState),
      nanoseconds: recorder.nanoseconds(at: .now), reduceNanoseconds: 0, reads: [], producing: newState)
    store.replaceState(with: newState)
    let index = recorder.timeline.history.lastIndex
    if case .checkWatchpoints = followUp { session.checkWatchpoints(after: index, in: newState) }
    return index
  }
}
