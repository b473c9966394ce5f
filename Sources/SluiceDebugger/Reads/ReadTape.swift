import Foundation

/// Where the values a reducer reads through ``FeatureEnvironment/recorded(_:_:)`` go while a
/// session records, and where they come from while it replays.
///
/// Only reads made by a reduction count: ``RecordingReads`` marks the thread that reduces,
/// for the length of the reduction (a reducer is synchronous, so it cannot leave that
/// thread). A read anywhere else (a job, a middleware, a reduction not run through
/// ``RecordingReads``) is live and not recorded: jobs do not run again on replay, so what
/// they read needs no recording.
///
/// Recording: each read is taken live and added to the reduction's reads, which the
/// session takes with the entry (``takeReads()``). Replaying: the entry's recorded reads
/// are fed (``feed(_:counting:)``) and each read takes the next one of its name, in order; a read with
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

  private let lock = NSLock()
  /// The thread reducing now, while a reduction that records is running.
  private var reducingThread: pthread_t?
  /// How deep reductions that record are nested now: a composed feature may wrap a child's
  /// reducer too, and the parent's reads after the child's reduction are the action's still.
  private var reductionDepth = 0
  /// The reads of the reduction running now, or of the last one, until taken.
  private var reads: [RecordedRead] = []
  /// While replaying: the recorded reads not yet taken, in order.
  private var fed: ArraySlice<RecordedRead>?
  /// Whether the replay running now read a value live.
  private var readLive = false
  /// The names of the values the replay running now read live, for its divergence to name.
  private var namesReadLive: [String] = []
  /// How many values of each of the session's own sources were drawn or fed.
  private var drawn: [String: UInt64] = [:]
  /// Whether a reducer records its reads here: set once ``RecordingReads`` is built.
  private var used = false

  package init() {}

  /// Whether a feature's reducer records its reads here (``RecordingReads`` was applied).
  package var isInUse: Bool { lock.withLock { used } }

  func noteUse() { lock.withLock { used = true } }

  // MARK: - Reductions

  /// Marks the calling thread as reducing until the matching ``endReduction()``.
  func beginReduction() {
    lock.withLock {
      reductionDepth += 1
      guard reductionDepth == 1 else { return }
      reducingThread = pthread_self()
      if fed == nil { reads.removeAll(keepingCapacity: true) }
    }
  }

  /// Ends the mark ``beginReduction()`` set; the outermost end clears it.
  func endReduction() {
    lock.withLock {
      reductionDepth -= 1
      if reductionDepth == 0 { reducingThread = nil }
    }
  }

  /// The value of the read `name`: fed back when replaying, else `live()`, recorded when a
  /// reduction on this thread is running.
  func read<Value: Codable>(_ name: String, live: () -> Value) -> Value {
    let source: Source = lock.withLock {
      guard let thread = reducingThread, pthread_equal(thread, pthread_self()) != 0 else { return .notRecorded }
      guard var remaining = fed else { return .live }
      defer { fed = remaining }
      if let index = remaining.firstIndex(where: { $0.name == name }) {
        let read = remaining[index]
        remaining.remove(at: index)
        return .recorded(read)
      }
      readLive = true
      namesReadLive.append(name)
      return .live
    }
    switch source {
    case .notRecorded:
      return live()
    case .recorded(let read):
      if let value = try? JSONDecoder().decode(Value.self, from: Data(read.json.utf8)) {
        lock.withLock { reads.append(read) }
        return value
      }
      // Recorded as another type (the feature changed): read it anew.
      lock.withLock {
        readLive = true
        namesReadLive.append(name)
      }
      return record(name, live())
    case .live:
      return record(name, live())
    }
  }

  private func record<Value: Codable>(_ name: String, _ value: Value) -> Value {
    // A value that cannot be encoded is still returned; replay will read it live.
    if let json = Self.json(of: value) {
      lock.withLock { reads.append(RecordedRead(name: name, json: json)) }
    }
    return value
  }

  /// `value` as a read's JSON text, encoded as every recorded read is (so that reads made
  /// by hand compare equal to recorded ones); `nil` when it cannot be encoded.
  static func json(of value: some Encodable) -> String? {
    guard let data = try? encoder.encode(value) else { return nil }
    return String(data: data, encoding: .utf8)
  }

  private static var encoder: JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }

  /// The reads of the last reduction, handed over with its entry.
  @usableFromInline
  package func takeReads() -> [RecordedRead] {
    lock.withLock {
      defer { reads.removeAll(keepingCapacity: true) }
      return reads
    }
  }

  // MARK: - Replays

  /// Feeds `recorded` to the next reduction: each read takes the next value of its name.
  /// With `counting`, each fed value of the session's own sources counts as drawn.
  func feed(_ recorded: [RecordedRead], counting: Bool) {
    lock.withLock {
      fed = recorded[...]
      readLive = false
      namesReadLive.removeAll(keepingCapacity: true)
      reads.removeAll(keepingCapacity: true)
      if counting { for read in recorded { drawn[read.name, default: 0] += 1 } }
    }
  }

  /// Ends a replayed reduction: what it read, and whether it read anything live (a value
  /// left over unread counts as a change too), with the names of both.
  func finishReplay() -> ReplayedReads {
    lock.withLock {
      defer {
        fed = nil
        reads.removeAll(keepingCapacity: true)
        namesReadLive.removeAll(keepingCapacity: true)
      }
      let leftUnread = fed.map { $0.map(\.name) } ?? []
      return ReplayedReads(
        reads: reads, readLive: readLive || !leftUnread.isEmpty, namesReadLive: namesReadLive,
        namesLeftUnread: leftUnread)
    }
  }

  /// Runs `reduce` with `reads` fed to the reductions it runs, as a replay feeds an entry's
  /// (each fed value counting as drawn), and gives back its result and the reads no
  /// reduction took: how a test store of a registered feature reduces an action the test
  /// says what it reads.
  package func feeding<Result>(_ reads: [RecordedRead], during reduce: () -> Result) -> (
    result: Result, unread: [RecordedRead]
  ) {
    feed(reads, counting: true)
    let result = reduce()
    let unread = lock.withLock { Array(fed ?? []) }
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
