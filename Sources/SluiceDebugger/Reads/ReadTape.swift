import Foundation

/// Where the values a reducer reads through ``FeatureEnvironment/recorded(_:_:)`` go while a
/// session records, and where they come from while it replays.
///
/// Only reads made by a reduction count: ``RecordingReads`` (a hosted feature) or
/// `recordingDependencies()` (a program's own store, on ``production``) marks the thread
/// that reduces, for the length of the reduction (a reducer is synchronous, so it cannot
/// leave that thread). A read anywhere else (a job, a middleware, a reduction not so marked)
/// is live and not recorded: jobs do not run again on replay, so what they read needs no
/// recording.
///
/// Each thread has its own reduction: its reads, and what a replay on it is fed. Stores
/// reducing on other threads at the same time (other actors, a server's stores) neither mix
/// their reads nor take each other's. The session takes a reduction's reads right after it,
/// on the same thread (``takeReads(for:)``).
///
/// Recording: each read is taken live and added to the reduction's reads, which the
/// session takes with the entry. Replaying: the entry's recorded reads are fed
/// (``feed(_:counting:)``) and each read takes the next one of its name, in order; a read with
/// none left is taken live, and the replay says so (``finishReplay()``).
///
/// Live values of the session's own sources (`uuid`, `random`) are drawn by number
/// (``draw(_:)``): the n-th id of a session is the same on every run. Feeding a recorded
/// value counts as drawing one, so that a session loaded from a file goes on with new
/// numbers.
///
/// `@unchecked Sendable` is safe here: every stored property is read and written only while
/// `lock` is held, and `lock` is thread-safe. (`Synchronization.Mutex` would need macOS 15;
/// the package supports macOS 14.)
@usableFromInline
package final class ReadTape: @unchecked Sendable {
  /// Where a read's value comes from.
  private enum Source { case notRecorded, recorded(RecordedRead), live }

  /// One thread's reduction: what it read, or is fed.
  private struct Reduction {
    /// How deep reductions that record are nested now: a composed feature may wrap a
    /// child's reducer too, and the parent's reads after the child's reduction are the
    /// action's still.
    var depth = 0
    /// The state type of the store whose reduction this is, when the reducer says
    /// (`recordingDependencies()`): only that store's session takes the reads.
    var owner: ObjectIdentifier?
    /// The reads of the reduction running now, or of the last one, until taken.
    var reads: [RecordedRead] = []
    /// While replaying: the recorded reads not yet taken, in order.
    var fed: ArraySlice<RecordedRead>?
    /// Whether the replay running now read a value live.
    var readLive = false
    /// The names of the values the replay running now read live, for its divergence to name.
    var namesReadLive: [String] = []
    /// Reads to feed the next outermost reduction, which records what it takes as a live
    /// reduction does (``feedNextReduction(_:)``).
    var feedNext: ArraySlice<RecordedRead>?
    /// Whether the reduction running now takes ``feedNext``'s reads: its feed ends with it.
    var feedEndsWithReduction = false

    /// Whether nothing of it is left to keep.
    var isIdle: Bool { depth == 0 && reads.isEmpty && fed == nil && feedNext == nil }
  }

  /// The tape of programs' own stores (`recordingDependencies()`), one per process: the
  /// program builds its store before the agent adopts it, so the two meet here.
  package static let production = ReadTape()

  private let lock = NSLock()
  /// Each thread's reduction, while it has one or its reads are not taken yet.
  private var reductions: [pthread_t: Reduction] = [:]
  /// How many values of each of the session's own sources were drawn or fed.
  private var drawn: [String: UInt64] = [:]
  /// Whether a reducer records its reads here: set once ``RecordingReads`` is built.
  private var used = false
  /// How many sessions take the reads: while none does, a production reducer records
  /// nothing (see ``isConsumed``).
  private var consumers = 0

  package init() {}

  /// Whether a feature's reducer records its reads here (``RecordingReads`` was applied).
  package var isInUse: Bool { lock.withLock { used } }

  package func noteUse() { lock.withLock { used = true } }

  /// Whether any session takes the reads: while none does, a reducer that records in
  /// production reads its live values and records nothing.
  package var isConsumed: Bool { lock.withLock { consumers > 0 } }

  /// Notes a session that takes the reads, until ``removeConsumer()``.
  package func addConsumer() { lock.withLock { consumers += 1 } }

  /// Notes that a session added by ``addConsumer()`` takes the reads no longer.
  package func removeConsumer() { lock.withLock { consumers = max(0, consumers - 1) } }

  // MARK: - Reductions

  /// Marks the calling thread as reducing until the matching ``endReduction()``; `owner`,
  /// the reducer's state type, is who may take the reads (`nil`: whoever asks).
  package func beginReduction(owner: ObjectIdentifier? = nil) {
    let thread = pthread_self()
    lock.withLock {
      var reduction = reductions[thread] ?? Reduction()
      reduction.depth += 1
      if reduction.depth == 1 {
        reduction.owner = owner
        if let next = reduction.feedNext {
          reduction.fed = next
          reduction.feedNext = nil
          reduction.feedEndsWithReduction = true
          reduction.reads.removeAll(keepingCapacity: true)
        } else if reduction.fed == nil {
          reduction.reads.removeAll(keepingCapacity: true)
        }
      }
      reductions[thread] = reduction
    }
  }

  /// Ends the mark ``beginReduction(owner:)`` set; the outermost end clears it.
  package func endReduction() {
    let thread = pthread_self()
    lock.withLock {
      guard var reduction = reductions[thread] else { return }
      reduction.depth -= 1
      if reduction.depth == 0, reduction.feedEndsWithReduction {
        // What it was fed and did not read is dropped: its reads are the entry's, as a live
        // reduction's are.
        reduction.fed = nil
        reduction.feedEndsWithReduction = false
      }
      reductions[thread] = reduction.isIdle ? nil : reduction
    }
  }

  /// The value of the read `name`: fed back when replaying, else `live()`, recorded when a
  /// reduction on this thread is running.
  func read<Value: Codable>(_ name: String, live: () -> Value) -> Value {
    let thread = pthread_self()
    let source: Source = lock.withLock {
      guard var reduction = reductions[thread], reduction.depth > 0 else { return .notRecorded }
      guard var remaining = reduction.fed else { return .live }
      defer {
        reduction.fed = remaining
        reductions[thread] = reduction
      }
      if let index = remaining.firstIndex(where: { $0.name == name }) {
        let read = remaining[index]
        remaining.remove(at: index)
        return .recorded(read)
      }
      reduction.readLive = true
      reduction.namesReadLive.append(name)
      return .live
    }
    switch source {
    case .notRecorded:
      return live()
    case .recorded(let read):
      if let value = try? JSONDecoder().decode(Value.self, from: Data(read.json.utf8)) {
        append(read, on: thread)
        return value
      }
      // Recorded as another type (the feature changed): read it anew.
      lock.withLock {
        reductions[thread]?.readLive = true
        reductions[thread]?.namesReadLive.append(name)
      }
      return record(name, live(), on: thread)
    case .live:
      return record(name, live(), on: thread)
    }
  }

  private func record<Value: Codable>(_ name: String, _ value: Value, on thread: pthread_t) -> Value {
    // A value that cannot be encoded is still returned; replay will read it live.
    if let json = Self.json(of: value) {
      append(RecordedRead(name: name, json: json), on: thread)
    }
    return value
  }

  /// `value` as a read's JSON text, encoded as every recorded read is (so that reads made
  /// by hand compare equal to recorded ones); `nil` when it cannot be encoded. Part of
  /// recording a read, on the store's send path: the values read on every action skip the
  /// encoder (``plainJSON(_:)``).
  static func json<Value: Encodable>(of value: Value) -> String? {
    if let json = plainJSON(value) { return json }
    guard let data = try? encoder.encode(value) else { return nil }
    return String(data: data, encoding: .utf8)
  }

  /// The JSON text of the values read on every action (an id, a date, a random number)
  /// written without a `JSONEncoder`, which costs more than the rest of recording a read: the
  /// same text the encoder writes for an id and a number, and for a date its default
  /// encoding (seconds since 2001) as the shortest text that reads back the same. `nil`
  /// for other values.
  private static func plainJSON<Value>(_ value: Value) -> String? {
    switch value {
    case let id as UUID: "\"" + id.uuidString + "\""
    case let number as UInt64: String(number)
    case let date as Date: "\(date.timeIntervalSinceReferenceDate)"
    default: nil
    }
  }

  private func append(_ read: RecordedRead, on thread: pthread_t) {
    lock.withLock { reductions[thread]?.reads.append(read) }
  }

  private static var encoder: JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }

  /// The reads of this thread's last reduction, handed over with its entry: none when that
  /// reduction was another store's (its reducer named another `owner`, a state type other
  /// than `owner`).
  @usableFromInline
  package func takeReads(for owner: ObjectIdentifier? = nil) -> [RecordedRead] {
    let thread = pthread_self()
    return lock.withLock {
      guard let reduction = reductions[thread], reduction.depth == 0, reduction.fed == nil else { return [] }
      reductions[thread] = nil
      guard let owner, let readOwner = reduction.owner, readOwner != owner else { return reduction.reads }
      return []
    }
  }

  // MARK: - Replays

  /// Feeds `recorded` to the next reduction on this thread: each read takes the next value
  /// of its name. With `counting`, each fed value of the session's own sources counts as
  /// drawn.
  func feed(_ recorded: [RecordedRead], counting: Bool) {
    let thread = pthread_self()
    lock.withLock {
      var reduction = Reduction()
      reduction.fed = recorded[...]
      reductions[thread] = reduction
      if counting { for read in recorded { drawn[read.name, default: 0] += 1 } }
    }
  }

  /// Feeds `recorded` to the next outermost reduction on this thread, each fed value
  /// counting as drawn; unlike ``feed(_:counting:)``, that reduction records what it takes
  /// (and what it reads live when a name runs out) as a live one does, for its session to
  /// take with the entry, and the feed ends with it: how a scratch session re-sends a
  /// recorded action (`shrink`).
  func feedNextReduction(_ recorded: [RecordedRead]) {
    let thread = pthread_self()
    lock.withLock {
      var reduction = reductions[thread] ?? Reduction()
      reduction.feedNext = recorded[...]
      reductions[thread] = reduction
      for read in recorded { drawn[read.name, default: 0] += 1 }
    }
  }

  /// Ends a replayed reduction on this thread: what it read, and whether it read anything
  /// live (a value left over unread counts as a change too), with the names of both.
  func finishReplay() -> ReplayedReads {
    let thread = pthread_self()
    return lock.withLock {
      guard let reduction = reductions.removeValue(forKey: thread) else { return .none }
      let leftUnread = reduction.fed.map { $0.map(\.name) } ?? []
      return ReplayedReads(
        reads: reduction.reads, readLive: reduction.readLive || !leftUnread.isEmpty,
        namesReadLive: reduction.namesReadLive, namesLeftUnread: leftUnread)
    }
  }

  /// Runs `reduce` with `reads` fed to the reductions it runs, as a replay feeds an entry's
  /// (each fed value counting as drawn), and gives back its result and the reads no
  /// reduction took: how a test store of a registered feature reduces an action the test
  /// says what it reads.
  package func feeding<Result>(_ reads: [RecordedRead], during reduce: () -> Result) -> (
    result: Result, unread: [RecordedRead]
  ) {
    let thread = pthread_self()
    feed(reads, counting: true)
    let result = reduce()
    let unread = lock.withLock { Array(reductions[thread]?.fed ?? []) }
    _ = finishReplay()
    return (result, unread)
  }

  // MARK: - The session's own sources

  /// Forgets how many values were drawn: before a load, whose fed values count anew, so that
  /// the session goes on numbering from the loaded ones.
  func forgetDraws() {
    lock.withLock { drawn.removeAll() }
  }

  /// The number of the next value of `source` (from 0), counted from the session's start.
  func draw(_ source: String) -> UInt64 {
    lock.withLock {
      let number = drawn[source, default: 0]
      drawn[source] = number + 1
      return number
    }
  }
}
