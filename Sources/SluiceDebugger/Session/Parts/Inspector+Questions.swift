import Sluice

/// Questions asked of the history, answered from the states it recorded: nothing is reduced
/// again.
extension Inspector {
  /// `why PATH [at N]`: the entry at or before `index` (the position when `nil`) that last
  /// changed the value at `path`, found walking back from there.
  func cause(of path: String, at index: Int?) throws(DebugError) -> ValueCause {
    let target = try parsePath(path)
    let at = index ?? timeline.position
    _ = try state(after: at)
    let history = history
    // The entries kept at or before `at`, newest first; each state read where it is kept.
    let recorded = RecordedChanges(table: history.recordedChanges, target: target)
    var next = min(at, history.lastIndex)
    var setter: History<State, Action>.Entry?
    while setter == nil, let candidate = recorded.first(among: stride(from: next, through: history.firstIndex, by: -1)) {
      if confirms(candidate.verdict, of: target, at: candidate.index, in: history, statesAround: { history.states(around: $0) }) {
        setter = history.entry(candidate.index)
      }
      next = candidate.index - 1
    }
    let value = shownValue(at: target, after: at)
    guard let setter else {
      let source: ValueCause.Source = history.firstIndex > 1 ? .oldestKeptState : .initialState
      return ValueCause(path: path, at: at, value: value, source: source, change: nil)
    }
    let record = describer.record(of: setter)
    let backtrace = session.backtrace(ofEntry: setter)
    let frames = backtrace.frames + (backtrace.root.map { [$0] } ?? [])
    let change = ValueCause.Change(
      index: record.index, action: record.action, caseName: record.caseName, origin: record.origin.description,
      isEdit: record.isEdit, old: shownValue(at: target, after: record.index - 1),
      new: shownValue(at: target, after: record.index),
      chain: frames.map { ValueCause.Frame(index: $0.index, action: $0.action, origin: $0.origin?.description) },
      reads: record.reads.map { ValueCause.Read(name: $0.name, value: $0.json) })
    return ValueCause(path: path, at: at, value: value, source: .entry, change: change)
  }

  /// `history PATH [WINDOW]`: the entries that changed the value at `path`, oldest first, as
  /// much of them as `window` asks for, each with the value before and after.
  func changes(of path: String, in window: ListingWindow) throws(DebugError) -> PathHistory {
    let target = try parsePath(path)
    let (records, position) = try records(.changing(path: path), hiding: [], in: window)
    let changes = records.map { record in
      PathHistory.Change(
        index: record.index, action: record.action, caseName: record.caseName, origin: record.origin.description,
        old: shownValue(at: target, after: record.index - 1), new: shownValue(at: target, after: record.index))
    }
    return PathHistory(path: path, changes: changes, offset: position.offset, total: position.total)
  }

  /// The value at `target` after entry `index`, on one line, a secret masked as `print`
  /// masks it; `nil` when the path names nothing there.
  private func shownValue(at target: StatePath, after index: Int) -> String? {
    guard let value = try? target.value(in: history.state(after: index)) else { return nil }
    return redaction.masking(ValueTree(reflecting: value), at: target).compactDescription
  }
}
