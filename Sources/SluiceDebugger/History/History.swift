import DequeModule
import Sluice

/// A session's record of reduced actions, and the states they led to.
///
/// Every entry keeps the state its action produced, as recorded: time travel shows what
/// happened, never a recomputation, which would differ from it wherever the reducer read a
/// date, an id or anything else running it again does not give again. Only a rewrite of
/// history (``setSkipped(_:at:)``, and a load, which builds a history from a file) computes
/// states, by replaying actions through the reducer alone with the values each one read fed
/// back (``RecordedRead``).
///
/// How a state is kept depends on its type (``Frame``). A state without references (a
/// counter's numbers) is kept whole: a copy is all it costs. Any other state is kept as a
/// ``StatePatch`` from the state before, the writes to the stored properties and array
/// elements that changed, with a whole copy now and then: when the patches since the last
/// copy weigh as much as the state. A toggle in a list of thousands of rows then costs one
/// row, where a whole state would keep its own copy of the list (Swift arrays share their
/// storage until one element changes, and then copy all of it). Reading the state after an
/// entry applies the patches since the whole copy before it.
///
/// Past the limit, the oldest entries are folded into the base state before the first
/// entry, ``foldStride`` at a time, so memory stays bounded while the current state and
/// recent diffs remain. Entries are stored packed (``PackedEntry``); what the rest of the
/// debugger reads is the full ``Entry``, built from one on demand.
///
/// Appending is inlinable, so that a session created where the feature's types are known
/// records without generic metadata lookups; the stored properties its inlinable code
/// touches are internal for that reason alone, and set only here.
@usableFromInline
struct History<State, Action: Sendable> {
  /// One entry, as the rest of the debugger reads it: a reduced action, or an edit.
  @usableFromInline
  struct Entry {
    @usableFromInline let index: Int
    @usableFromInline let action: HistoryStep<Action>
    @usableFromInline let origin: EntryOrigin
    @usableFromInline let context: ActionContext
    @usableFromInline let time: Duration
    @usableFromInline let reduceDuration: Duration
    @usableFromInline var changedPaths: [StatePath]?
    @usableFromInline var isSkipped: Bool
    /// What its reduction read, in order (see ``RecordedRead``).
    @usableFromInline var reads: [RecordedRead]
    /// Whether a replay read a value of it live: a toggle changed what it reads.
    @usableFromInline var readLiveOnReplay: Bool

    @inlinable
    init(
      index: Int, action: HistoryStep<Action>, origin: EntryOrigin, context: ActionContext, time: Duration,
      reduceDuration: Duration, changedPaths: [StatePath]?, isSkipped: Bool = false, reads: [RecordedRead] = [],
      readLiveOnReplay: Bool = false
    ) {
      self.index = index
      self.action = action
      self.origin = origin
      self.context = context
      self.time = time
      self.reduceDuration = reduceDuration
      self.changedPaths = changedPaths
      self.isSkipped = isSkipped
      self.reads = reads
      self.readLiveOnReplay = readLiveOnReplay
    }
  }

  /// How many entries a fold takes at once, at least: folding is amortised over as many
  /// appends, and the entries kept start after a multiple of it.
  @inlinable static var foldStride: Int { 32 }

  /// Runs an action through the reducer alone, on replay, fed the values it read when it was
  /// recorded, or sets an edit's value again; returns what it read this time.
  typealias Replay = (inout State, HistoryStep<Action>, [RecordedRead]) -> ReplayedReads

  /// The state before the first entry.
  @usableFromInline var base: State
  /// The entries kept, oldest first; the first has index ``firstIndex``.
  @usableFromInline var packed = Deque<PackedEntry>()
  /// The state after each entry kept, as recorded (or as a rewrite recomputed it), in the
  /// order of `packed`, when ``keepsWholeStates``: whole.
  @usableFromInline var wholeStates = Deque<State>()
  /// The same otherwise: whole or as a patch (see the type's documentation). Two deques
  /// rather than one of frames, so that a whole state costs no more than it did alone.
  @usableFromInline var frames = Deque<Frame>()
  /// Whether every entry keeps its whole state: a state with no references costs no more
  /// than its inline bytes.
  @usableFromInline let keepsWholeStates = _isPOD(State.self)
  /// The state after the last entry, whole, when states are kept as patches: what the next
  /// entry's patch starts from. `nil` when there is no entry (the base is that state).
  @usableFromInline var lastState: State?
  /// What the patches since the last whole state weigh, and what that state weighs.
  @usableFromInline var patchWeightSinceWhole = 0
  @usableFromInline var wholeStateWeight = 0
  /// The edits (`set var`) among the entries, by index: rare, so kept aside, which leaves an
  /// entry of a plain action plain data, copied without retains.
  @usableFromInline var edits: [Int: StateEdit] = [:]
  /// What the entries that read values read, by index; rare, so kept aside.
  @usableFromInline var reads: [Int: [RecordedRead]] = [:]
  /// The entries whose last replay read a value live.
  @usableFromInline var readLive: Set<Int> = []
  /// Every origin an entry has had, each once: entries name theirs by its place here. Job
  /// origins are named by kind and job name, so the table grows with the names, not the jobs.
  @usableFromInline var origins: [EntryOrigin] = []
  @usableFromInline var originCodes: [EntryOrigin: UInt32] = [:]
  /// The origin interned last: most actions come from where the one before came from.
  @usableFromInline var lastOrigin: (origin: EntryOrigin, code: UInt32)?
  /// The links of entries whose numbers do not fit ``PackedEntry``, by index: rare.
  @usableFromInline var unusualLinks: [Int: UnusualLinks] = [:]
  /// The changed paths of the entries that have them (when diffs are on), by index.
  @usableFromInline var changedPaths: [Int: [StatePath]] = [:]
  /// The indexes of the newest roots of chains, a ring of at most ``keptRootLimit``: the
  /// roots the history keeps after folding them away (see ``KeptRoot``).
  @usableFromInline var recentRoots: ContiguousArray<Int> = []
  /// Where in `recentRoots` the next root goes once the ring is full.
  @usableFromInline var nextRecentRoot = 0
  /// Copies of the recent roots whose entries were folded away, oldest first.
  @usableFromInline var foldedRoots: [KeptRoot] = []
  /// The sequence number of the newest root.
  @usableFromInline var newestRootSequence: UInt64 = 0
  /// Whether the entries' sequence numbers increase, as a store numbers what it reduces:
  /// then an entry is found by its number with a binary search, and recording keeps no
  /// index. (Entries loaded from a file keep another store's numbers, which later actions
  /// may repeat: then the search is linear, newest first.)
  @usableFromInline var sequencesIncrease = true
  /// The sequence number of the last entry, `nil` when there is none: read on every append,
  /// where the deque's last element cost more.
  @usableFromInline var lastSequence: UInt64?
  /// The index the next entry gets.
  @usableFromInline var nextIndex = 1
  /// How many entries to keep before folding the oldest into the base (at least 1); set
  /// with ``setLimit(_:keepingStateAfter:)``.
  @usableFromInline private(set) var limit: Int
  let replay: Replay

  init(base: State, limit: Int, replay: @escaping Replay, nextIndex: Int = 1) {
    self.base = base
    self.limit = max(limit, 1)
    self.replay = replay
    self.nextIndex = nextIndex
  }

  var isEmpty: Bool { packed.isEmpty }
  var count: Int { packed.count }
  /// The index of the first entry kept.
  @inlinable var firstIndex: Int { nextIndex - packed.count }
  /// The index of the last entry, or `firstIndex - 1` when empty.
  @inlinable var lastIndex: Int { nextIndex - 1 }

  /// The entries kept, oldest first.
  var entries: EntryList { EntryList(history: self) }

  /// The entry with `index`, if kept.
  @inlinable
  func entry(_ index: Int) -> Entry? {
    let position = index - firstIndex
    return packed.indices.contains(position) ? entry(atPosition: position) : nil
  }

  /// The entry at `position` in `packed`, unpacked.
  @inlinable
  func entry(atPosition position: Int) -> Entry {
    let index = firstIndex + position
    let stored = packed[position]
    return unpack(stored, index: index, unusual: stored.hasUnusualLinks ? unusualLinks[index] : nil)
  }

  /// The full entry `index`, from what the history stored of it.
  @inlinable
  func unpack(_ stored: PackedEntry, index: Int, unusual: UnusualLinks?) -> Entry {
    Self.unpack(
      stored, index: index, edit: edits.isEmpty ? nil : edits[index], origins: origins, unusual: unusual,
      changedPaths: changedPaths[index],
      reads: reads.isEmpty ? [] : reads[index, default: []], readLive: !readLive.isEmpty && readLive.contains(index))
  }

  /// The full entry `index`, from its packed form and what the side tables hold for it.
  @inlinable
  static func unpack(
    _ stored: PackedEntry, index: Int, edit: StateEdit?, origins: [EntryOrigin], unusual: UnusualLinks?,
    changedPaths: [StatePath]?, reads: [RecordedRead], readLive: Bool
  ) -> Entry {
    Entry(
      index: index, action: step(of: stored, edit: edit), origin: origins[stored.originCode],
      context: stored.context(unusual: unusual), time: .nanoseconds(stored.nanoseconds),
      reduceDuration: .nanoseconds(stored.reduceNanoseconds), changedPaths: changedPaths,
      isSkipped: stored.isSkipped, reads: reads, readLiveOnReplay: readLive)
  }

  /// What entry `stored` records: its action, or else the edit kept aside for it.
  @inlinable
  static func step(of stored: PackedEntry, edit: StateEdit?) -> HistoryStep<Action> {
    if let action = stored.action { return .action(action) }
    guard let edit else { preconditionFailure("a history entry without an action has an edit") }
    return .edit(edit)
  }

  /// The entries of `run` (those kept), copied out packed as the history keeps them: what
  /// outlives a fold or a fork for the events not yet taken, at the cost of a copy of the
  /// packed entries and of what the side tables hold for them.
  @inlinable
  func detach(_ run: ClosedRange<Int>) -> DetachedEntries {
    let first = max(run.lowerBound, firstIndex)
    let last = min(run.upperBound, lastIndex)
    guard first <= last else { return DetachedEntries(firstIndex: first, packed: [], origins: []) }
    var detached = DetachedEntries(
      firstIndex: first, packed: Array(packed[(first - firstIndex)...(last - firstIndex)]), origins: origins)
    if hasSideTables {
      for index in first...last {
        detached.edits[index] = edits[index]
        detached.unusualLinks[index] = unusualLinks[index]
        detached.changedPaths[index] = changedPaths[index]
        detached.reads[index] = reads[index]
        if readLive.contains(index) { detached.readLive.insert(index) }
      }
    }
    return detached
  }

  /// Entries copied out of the history by ``detach(_:)``.
  @usableFromInline
  struct DetachedEntries {
    @usableFromInline let firstIndex: Int
    @usableFromInline let packed: [PackedEntry]
    @usableFromInline let origins: [EntryOrigin]
    @usableFromInline var edits: [Int: StateEdit] = [:]
    @usableFromInline var unusualLinks: [Int: UnusualLinks] = [:]
    @usableFromInline var changedPaths: [Int: [StatePath]] = [:]
    @usableFromInline var reads: [Int: [RecordedRead]] = [:]
    @usableFromInline var readLive: Set<Int> = []

    @inlinable
    init(firstIndex: Int, packed: [PackedEntry], origins: [EntryOrigin]) {
      self.firstIndex = firstIndex
      self.packed = packed
      self.origins = origins
    }

    /// How many entries.
    @inlinable var count: Int { packed.count }

    /// The entries, unpacked.
    @inlinable
    var entries: [Entry] {
      packed.enumerated().map { offset, stored in
        let index = firstIndex + offset
        return History.unpack(
          stored, index: index, edit: edits[index], origins: origins, unusual: unusualLinks[index],
          changedPaths: changedPaths[index], reads: reads[index] ?? [], readLive: readLive.contains(index))
      }
    }
  }

  /// The index of the entry for the action with `sequence`, if kept.
  func index(ofSequence sequence: UInt64) -> Int? {
    guard sequencesIncrease else {
      return packed.lastIndex { $0.sequence == sequence }.map { firstIndex + $0 }
    }
    var low = packed.startIndex
    var high = packed.endIndex
    while low < high {
      let middle = (low + high) / 2
      if packed[middle].sequence < sequence { low = middle + 1 } else { high = middle }
    }
    return low < packed.endIndex && packed[low].sequence == sequence ? firstIndex + low : nil
  }

  /// The store's number for the action of entry `index`, if kept.
  func sequence(at index: Int) -> UInt64? {
    let position = index - firstIndex
    return packed.indices.contains(position) ? packed[position].sequence : nil
  }

  /// When the first kept entry was recorded, on the session's clock; `nil` when none is.
  var firstEntryTime: Duration? {
    packed.first.map { .nanoseconds($0.nanoseconds) }
  }

  /// Records an entry and the state it produced; its index must be `nextIndex`.
  @inlinable
  mutating func append(_ entry: Entry, producing state: State) {
    precondition(entry.index == nextIndex, "history entries are appended in index order")
    append(
      entry.action, context: entry.context, origin: entry.origin,
      nanoseconds: PackedEntry.nanoseconds(entry.time),
      reduceNanoseconds: UInt64(clamping: PackedEntry.nanoseconds(entry.reduceDuration)),
      changedPaths: entry.changedPaths, isSkipped: entry.isSkipped, reads: entry.reads, producing: state)
    if entry.readLiveOnReplay { readLive.insert(entry.index) }
  }

  /// Records an action or an edit and the state it produced as entry `nextIndex`, at `nanoseconds` on
  /// the session's clock, its reducer having taken `reduceNanoseconds`. Recording calls this
  /// one, field by field and in whole nanoseconds: building an ``Entry`` first only to pack
  /// it cost a copy and a destruction of it on every action, and a `Duration` a 128-bit
  /// division.
  @inlinable
  mutating func append(
    _ step: HistoryStep<Action>, context: ActionContext, origin: EntryOrigin, nanoseconds: Int64, reduceNanoseconds: UInt64,
    changedPaths paths: [StatePath]?, isSkipped: Bool = false, reads entryReads: [RecordedRead] = [],
    producing state: State
  ) {
    let index = nextIndex
    if let lastSequence, lastSequence >= context.sequence { sequencesIncrease = false }
    lastSequence = context.sequence
    var action: Action?
    switch step {
    case .action(let reduced): action = reduced
    case .edit(let edit): edits[index] = edit
    }
    let stored = PackedEntry(
      action: action, context: context, originCode: code(for: origin), nanoseconds: nanoseconds,
      reduceNanoseconds: reduceNanoseconds, isSkipped: isSkipped)
    if stored.hasUnusualLinks { unusualLinks[index] = UnusualLinks(context) }
    if let paths { changedPaths[index] = paths }
    if !entryReads.isEmpty { reads[index] = entryReads }
    if context.parent == nil { noteRoot(index: index, sequence: context.sequence) }
    packed.append(stored)
    if keepsWholeStates {
      wholeStates.append(state)
    } else {
      appendPatchedFrame(for: state)
    }
    nextIndex += 1
    if isOverLimit { foldOldEntries() }
  }

  /// Whether the entries kept are a stride or more over the limit: time to fold.
  @inlinable var isOverLimit: Bool { packed.count >= limit + Self.foldStride }

  /// Whether appending one more entry folds the oldest away: what still names them (events
  /// not yet taken) must keep them first.
  @inlinable var foldsOnNextAppend: Bool { packed.count + 1 >= limit + Self.foldStride }

  /// The last entry appending one more folds away, when it folds any (at the present: see
  /// ``foldOldEntries(keepingStateAfter:)``).
  @inlinable
  var lastFoldedByNextAppend: Int? {
    guard foldsOnNextAppend else { return nil }
    let last = nextIndex - limit
    let lastFolded = last - last % Self.foldStride
    return lastFolded >= firstIndex ? lastFolded : nil
  }

  /// The place of `origin` in ``origins``, adding it the first time.
  @inlinable
  mutating func code(for origin: EntryOrigin) -> UInt32 {
    if let last = lastOrigin, last.origin == origin { return last.code }
    return intern(origin)
  }

  @usableFromInline
  mutating func intern(_ origin: EntryOrigin) -> UInt32 {
    let code =
      originCodes[origin]
      ?? {
        let code = UInt32(origins.count)
        origins.append(origin)
        originCodes[origin] = code
        return code
      }()
    lastOrigin = (origin, code)
    return code
  }

  /// The state after the entry with `index`, as recorded; any index before the first entry
  /// means the base, and any after the last the last entry's.
  @usableFromInline
  func state(after index: Int) -> State {
    guard index >= firstIndex, !packed.isEmpty else { return base }
    let position = min(index, lastIndex) - firstIndex
    if keepsWholeStates { return wholeStates[position] }
    if position == frames.count - 1 { return finalState }
    return reconstructState(atPosition: position)
  }

  /// The state after the last entry.
  @usableFromInline
  var finalState: State {
    keepsWholeStates ? wholeStates.last ?? base : lastState ?? base
  }

  /// The action entry `index` reduced, read without unpacking the entry: `nil` for an edit
  /// or an entry time travel skips. What a walk over every entry asks (`trace`).
  func reducedAction(at index: Int) -> Action? {
    let stored = packed[index - firstIndex]
    return stored.isSkipped ? nil : stored.action
  }

  /// Puts `action` in place of what entry `index` recorded (an action or an edit), in the
  /// same place of its causal chain, and recomputes the states from it on by replay, as
  /// ``setSkipped(_:at:)`` does: the entry is fed what the old one read, and one that reads
  /// more reads live and is marked. Nothing the old action's effects sent is taken back: the
  /// entries after it are replayed as recorded.
  mutating func replaceAction(at index: Int, with action: Action) {
    let position = index - firstIndex
    let stored = packed[position]
    let context = stored.context(unusual: stored.hasUnusualLinks ? unusualLinks[index] : nil)
    packed[position] = PackedEntry(
      action: action, context: context, originCode: UInt32(stored.originCode), nanoseconds: stored.nanoseconds,
      reduceNanoseconds: UInt64(stored.reduceNanoseconds), isSkipped: false)
    edits[index] = nil
    recomputeStates(from: index)
  }

  /// Marks the entry with `index` skipped or not, and recomputes the states from it on by
  /// replay. Each entry replayed is fed what it read; one that now reads a value it did not
  /// read before reads it live, and is marked (``Entry/readLiveOnReplay``).
  mutating func setSkipped(_ isSkipped: Bool, at index: Int) {
    let position = index - firstIndex
    packed[position].originAndSkip =
      isSkipped ? packed[position].originAndSkip | PackedEntry.skipBit : packed[position].originAndSkip & ~PackedEntry.skipBit
    recomputeStates(from: index)
  }

  /// Replays entry `index` from the state `state`, feeding it what it read.
  func replayEntry(_ index: Int, on state: inout State) -> ReplayedReads {
    let stored = packed[index - firstIndex]
    if stored.isSkipped { return .none }
    return replay(
      &state, Self.step(of: stored, edit: edits.isEmpty ? nil : edits[index]), reads.isEmpty ? [] : reads[index, default: []])
  }

  /// Records the changed paths of the entry with `index`, computed after the fact.
  /// What each entry changed, by index, where it was recorded or computed: read without
  /// unpacking the entries.
  var recordedChanges: [Int: [StatePath]] { changedPaths }

  mutating func setChangedPaths(_ paths: [StatePath], at index: Int) {
    changedPaths[index] = paths
  }

  /// Drops the entries after `index`: a send after a jump forks history there.
  mutating func truncate(after index: Int) {
    // The base is the state after the entry before the first kept (#0 unless a fold moved
    // it): a fork there numbers the new entry as that first one, not after those dropped.
    let first = firstIndex
    while !packed.isEmpty, lastIndex > index {
      forgetSideTables(of: lastIndex)
      packed.removeLast()
      if keepsWholeStates { wholeStates.removeLast() } else { frames.removeLast() }
      nextIndex -= 1
    }
    refreshLastState()
    lastSequence = packed.last?.sequence
    nextIndex = max(index, first - 1) + 1
  }

  /// Forgets every entry; `base` becomes the state before the next one.
  mutating func clear(base: State) {
    self.base = base
    packed.removeAll()
    wholeStates.removeAll()
    frames.removeAll()
    lastState = nil
    patchWeightSinceWhole = 0
    wholeStateWeight = 0
    lastSequence = nil
    edits.removeAll()
    unusualLinks.removeAll()
    changedPaths.removeAll()
    reads.removeAll()
    readLive.removeAll()
    sequencesIncrease = true
  }

  /// Sets how many entries to keep and folds what is over the new limit, but never past
  /// entry `position`, whose state must stay computable: a session looking at the past keeps
  /// the entries from there on until it forks or returns to the present.
  mutating func setLimit(_ newLimit: Int, keepingStateAfter position: Int) {
    limit = max(newLimit, 1)
    if isOverLimit { foldOldEntries(keepingStateAfter: position) }
  }

  /// Folds the oldest entries into the base, up to a multiple of ``foldStride`` that leaves
  /// `limit` entries or more; never past `position` (`nil`: the last entry's, as when
  /// recording at the present).
  @inlinable
  mutating func foldOldEntries(keepingStateAfter position: Int? = nil) {
    var newLastFolded = (lastIndex - limit) - (lastIndex - limit) % Self.foldStride
    if let position { newLastFolded = min(newLastFolded, position - position % Self.foldStride) }
    guard newLastFolded >= firstIndex else { return }
    keepRecentRoots(through: newLastFolded)
    if hasSideTables {
      for index in firstIndex...newLastFolded { forgetSideTables(of: index) }
    }
    let count = newLastFolded - firstIndex + 1
    // Whole states are read in place: the lookup that rebuilds a patched one is generic
    // code outside this inlinable path.
    base = keepsWholeStates ? wholeStates[count - 1] : state(after: newLastFolded)
    packed.removeFirst(count)
    if keepsWholeStates { wholeStates.removeFirst(count) } else { frames.removeFirst(count) }
  }

  /// Whether any entry has something kept aside for it.
  @inlinable
  var hasSideTables: Bool {
    !edits.isEmpty || !unusualLinks.isEmpty || !changedPaths.isEmpty || !reads.isEmpty || !readLive.isEmpty
  }

  /// Forgets what the side tables hold for entry `index`, which is leaving.
  @usableFromInline
  mutating func forgetSideTables(of index: Int) {
    edits[index] = nil
    unusualLinks[index] = nil
    changedPaths[index] = nil
    reads[index] = nil
    readLive.remove(index)
  }

  /// Replays the entries from `index` on, from the state before it, and keeps the states
  /// and reads the replay produced.
  private mutating func recomputeStates(from index: Int) {
    var state = self.state(after: index - 1)
    // The first state recomputed is kept whole, which starts the weighing afresh.
    wholeStateWeight = 0
    patchWeightSinceWhole = 0
    for entryIndex in index...lastIndex {
      let previous = state
      let replayed = replayEntry(entryIndex, on: &state)
      if keepsWholeStates {
        wholeStates[entryIndex - firstIndex] = state
      } else {
        frames[entryIndex - firstIndex] = frame(for: state, after: previous)
      }
      if !packed[entryIndex - firstIndex].isSkipped {
        reads[entryIndex] = replayed.reads.isEmpty ? nil : replayed.reads
        if replayed.readLive { readLive.insert(entryIndex) } else { readLive.remove(entryIndex) }
        // What it changed may differ now: unknown until a question computes it again.
        changedPaths[entryIndex] = nil
      } else {
        changedPaths[entryIndex] = []
      }
    }
    if !keepsWholeStates { lastState = state }
  }
}

extension History {
  /// The entries kept, oldest first, unpacked as they are read.
  struct EntryList: RandomAccessCollection {
    let history: History

    var startIndex: Int { 0 }
    var endIndex: Int { history.packed.count }

    subscript(position: Int) -> Entry { history.entry(atPosition: position) }
  }
}
