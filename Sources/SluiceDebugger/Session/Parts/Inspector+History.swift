import Sluice

extension Inspector {
  /// The value at `path` in the current state (the whole state for an empty path).
  func value(at path: String) throws(DebugError) -> Any {
    let statePath = try parsePath(path)
    do {
      return try statePath.value(in: store.state)
    } catch {
      throw DebugError(error.description)
    }
  }

  func parsePath(_ text: String) throws(DebugError) -> StatePath {
    do {
      return try StatePath(parsing: text)
    } catch {
      throw DebugError(error.description, column: error.column)
    }
  }

  /// The state after entry `index`, or the current state for `nil`.
  func state(after index: Int?) throws(DebugError) -> State {
    guard let index else { return store.state }
    guard index == history.firstIndex - 1 || history.entry(index) != nil else {
      throw DebugError("no history entry \(index): entries run from \(history.firstIndex) to \(history.lastIndex)")
    }
    return history.state(after: index)
  }

  /// The record of entry `index` and the diff it made.
  func entry(_ index: Int) throws(DebugError) -> (HistoryRecord, StateDiff) {
    guard let entry = history.entry(index) else {
      throw DebugError("no history entry \(index): entries run from \(history.firstIndex) to \(history.lastIndex)")
    }
    let (before, after) = history.states(around: index)
    let diff = redaction.masking(StateDiff(from: before, to: after))
    if entry.changedPaths == nil { recorder.setChangedPaths(diff.changedPaths, at: index) }
    return (describer.record(of: history.entry(index) ?? entry), diff)
  }

  /// The records of the kept history, oldest first, optionally only the last `limit`.
  func records(last limit: Int? = nil) -> [HistoryRecord] {
    guard let limit else { return history.entries.map(describer.record(of:)) }
    // A bounded look (`log`) shows what each entry changed, even for entries that arrived
    // without it (a load replays without diffing): computed now, and kept.
    noteChangedPaths(of: history.entries.suffix(limit))
    return history.entries.suffix(limit).map(describer.record(of:))
  }

  /// At most `count` entries from entry `index` on, each with what it changed, as
  /// ``records(last:)`` gives them.
  func records(from index: Int, count: Int) -> [HistoryRecord] {
    let entries = history.entries
    let start = min(max(index - history.firstIndex, 0), entries.count)
    let window = entries[start..<min(start + max(count, 0), entries.count)]
    noteChangedPaths(of: window)
    return window.map { history.entry($0.index).map(describer.record(of:)) ?? describer.record(of: $0) }
  }

  /// The kept entries `filter` keeps (every entry when `nil`) and whose case no glob of
  /// `hidden` matches, as much of them as `window` asks for, and where that lies among them.
  /// One pass over the history that describes only the entries it returns; a bounded window
  /// shows what each of its entries changed, as ``records(last:)`` does.
  func records(
    _ filter: LogFilter?, hiding hidden: [String], in window: ListingWindow
  ) throws(DebugError) -> (records: [HistoryRecord], position: WindowPosition) {
    let keeps = try keeping(filter)
    let describer = describer
    let isShown = { (entry: History<State, Action>.Entry) -> Bool in
      guard !hidden.isEmpty else { return true }
      let caseName = describer.caseName(of: entry.action)
      return !hidden.contains { casePatternMatches($0, caseName) }
    }
    let (entries, position) = window.select(history.entries.lazy.filter { isShown($0) && keeps($0) }, place: \.index)
    if window != .all { noteChangedPaths(of: entries) }
    let records = entries.map { history.entry($0.index).map(describer.record(of:)) ?? describer.record(of: $0) }
    return (records, position)
  }

  /// The entries whose case name matches the glob `pattern`.
  func records(matchingCase pattern: String) -> [HistoryRecord] {
    // A case pattern is never refused: only a path can be.
    (try? records(.matchingCase(pattern), hiding: [], in: .all).records) ?? []
  }

  /// The entries that changed `path` or something inside it (see ``keeping(_:)``).
  func records(changing path: String) throws(DebugError) -> [HistoryRecord] {
    try records(.changing(path: path), hiding: [], in: .all).records
  }

  /// Whether `filter` keeps an entry. `changing` answers "which action changed
  /// `todos[0].done`?": an entry that changed something around the path (`results` went from
  /// `.idle` to `.loaded`) is kept only when the value at the path differs before and after
  /// it, so an entry where the path never existed is not. It computes, and keeps, changed
  /// paths the session did not record.
  private func keeping(_ filter: LogFilter?) throws(DebugError) -> (History<State, Action>.Entry) -> Bool {
    switch filter {
    case nil:
      return { _ in true }
    case .matchingCase(let pattern):
      let describer = describer
      return { casePatternMatches(pattern, describer.caseName(of: $0.action)) }
    case .origin(let origin):
      return { origin.matches($0.origin) }
    case .changing(let path):
      let target = try parsePath(path)
      // Entries are asked in order: each state is built from the one before.
      var states = history.stateCursor
      return { entry in
        var paths = entry.changedPaths
        if paths == nil {
          let (before, after) = states.states(around: entry.index)
          paths = StateDiff(from: before, to: after).changedPaths
          self.recorder.setChangedPaths(paths ?? [], at: entry.index)
        }
        guard let paths else { return false }
        if paths.contains(where: { $0.starts(with: target) }) { return true }
        return paths.contains { target.starts(with: $0) } && self.valueDiffers(at: target, across: entry.index)
      }
    }
  }

  /// Computes, and keeps, what each of `entries` changed where the session did not record it
  /// (a load replays without diffing), unless diffs are off.
  private func noteChangedPaths(of entries: some Sequence<History<State, Action>.Entry>) {
    guard options.diffDisplay != .off else { return }
    var states = history.stateCursor
    for entry in entries where entry.changedPaths == nil {
      let (before, after) = states.states(around: entry.index)
      let diff = StateDiff(from: before, to: after)
      recorder.setChangedPaths(diff.changedPaths, at: entry.index)
    }
  }

  /// Whether the value at `path` differs between the states before and after entry `index`,
  /// a path that exists on one side only counting as differing.
  private func valueDiffers(at path: StatePath, across index: Int) -> Bool {
    let before = try? path.value(in: history.state(after: index - 1))
    let after = try? path.value(in: history.state(after: index))
    switch (before, after) {
    case (nil, nil): return false
    case (let old?, let new?): return ValueTree(reflecting: old) != ValueTree(reflecting: new)
    default: return true
    }
  }

  /// The diff between the states after two entries (`nil` is the current state).
  func diff(from: Int, to: Int?) throws(DebugError) -> StateDiff {
    redaction.masking(StateDiff(from: try state(after: from), to: try state(after: to)))
  }
}

extension StatePath {
  /// Whether this path begins with `prefix`'s components.
  func starts(with prefix: StatePath) -> Bool {
    components.starts(with: prefix.components)
  }
}
