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
    let describer = describer
    let history = history
    let range = history.firstIndex..<history.firstIndex + history.count
    let isShown = { (index: Int) -> Bool in
      guard let entry = history.entry(index) else { return true }
      let caseName = describer.caseName(of: entry.action)
      return !hidden.contains { casePatternMatches($0, caseName) }
    }
    // Entries are picked by index, and only those the window keeps are unpacked.
    let (indices, position): ([Int], WindowPosition)
    if case .changing(let path)? = filter {
      let changing = try self.indices(changing: path, among: range)
      (indices, position) = hidden.isEmpty ? window.select(changing, place: { $0 }) : window.select(changing.lazy.filter(isShown), place: { $0 })
    } else {
      let keeps = keeping(filter)
      (indices, position) = window.select(range.lazy.filter { (hidden.isEmpty || isShown($0)) && keeps($0) }, place: { $0 })
    }
    let entries = indices.compactMap { history.entry($0) }
    if window != .all { noteChangedPaths(of: entries) }
    // Read again from the session's history: what `noteChangedPaths` computed is in it.
    let records = entries.map { self.history.entry($0.index).map(describer.record(of:)) ?? describer.record(of: $0) }
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
  private func keeping(_ filter: LogFilter?) -> (Int) -> Bool {
    let history = history
    switch filter {
    case nil, .changing:
      return { _ in true }
    case .matchingCase(let pattern):
      let describer = describer
      return { index in history.entry(index).map { casePatternMatches(pattern, describer.caseName(of: $0.action)) } ?? false }
    case .origin(let origin):
      return { index in history.entry(index).map { origin.matches($0.origin) } ?? false }
    }
  }

  /// The entries of `indices` that changed the value at `path` or something inside it, in
  /// order (see ``changed(_:in:statesAround:)``): read from what the history recorded each
  /// entry changed, the states compared only where that cannot say.
  func indices(changing path: String, among indices: Range<Int>) throws(DebugError) -> [Int] {
    let target = try parsePath(path)
    let history = history
    // Entries are asked in order: each state is built from the one before.
    var states = history.stateCursor
    return RecordedChanges(table: history.recordedChanges, target: target).candidates(indices).compactMap { candidate in
      confirms(candidate.verdict, of: target, at: candidate.index, in: history) { states.states(around: $0) } ? candidate.index : nil
    }
  }

  /// Whether entry `index` changed the value at `target`, given what its recorded paths say.
  func confirms(
    _ verdict: RecordedChanges.Verdict, of target: StatePath, at index: Int, in history: History<State, Action>,
    statesAround: (Int) -> (before: State, after: State)
  ) -> Bool {
    switch verdict {
    case .changed: return true
    case .around: return valueDiffers(at: target, across: index)
    case .unknown: return history.entry(index).map { changed(target, in: $0, statesAround: statesAround) } ?? false
    }
  }

  /// Whether `entry` changed the value at `target` or something inside it: an entry that
  /// changed something around the path (`results` went from `.idle` to `.loaded`) only when
  /// the value at the path differs before and after it. What an entry changed is computed
  /// from `statesAround` when the session did not record it, and kept.
  func changed(
    _ target: StatePath, in entry: History<State, Action>.Entry, statesAround: (Int) -> (before: State, after: State)
  ) -> Bool {
    var paths = entry.changedPaths
    if paths == nil {
      let (before, after) = statesAround(entry.index)
      paths = StateDiff(from: before, to: after).changedPaths
      recorder.setChangedPaths(paths ?? [], at: entry.index)
    }
    switch paths.flatMap({ RecordedChanges.verdict(of: $0, for: target) }) {
    case .changed?: return true
    case .around?: return valueDiffers(at: target, across: entry.index)
    case .unknown?, nil: return false
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
