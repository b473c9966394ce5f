import DequeModule
import Tracing

/// The span contexts of the actions a store reduced, kept for the spans started under them
/// later: the jobs an action launches, the actions its `.send` effects queue, and the work a
/// concatenation, a debounce or a throttle starts for it once a job ends.
///
/// The store says when an action is reduced but not when nothing more can come of it, so
/// the contexts are kept by use, within a bound: an action with a job still running is
/// always kept, and the others while no more than `capacity` actions are kept in all, the
/// least recently used going first. A job's end counts as a use of its action, because what
/// follows the job (the next part of a concatenation, a debounced effect) is started right
/// after it, under the same action.
struct ActionSpanContexts {
  private struct Entry {
    var context: ServiceContext
    var liveJobs = 0
    /// When the entry was last used; the one item of `order` with this stamp is its place.
    var stamp: UInt64
  }

  /// How many actions are kept, unless more than that have a job still running.
  let capacity: Int
  private var entries: [UInt64: Entry] = [:]
  /// Actions by their last use, oldest first; an item whose stamp is no longer its entry's
  /// is stale, and skipped.
  private var order: Deque<(sequence: UInt64, stamp: UInt64)> = []
  private var nextStamp: UInt64 = 0

  init(capacity: Int = 1024) {
    precondition(capacity > 0, "ActionSpanContexts keeps at least one action")
    self.capacity = capacity
  }

  /// How many actions are kept.
  var count: Int { entries.count }

  /// How many items the use order holds, stale ones included.
  var orderCount: Int { order.count }

  /// The context of the span of the action numbered `sequence`, if it is still kept.
  func context(of sequence: UInt64) -> ServiceContext? {
    entries[sequence]?.context
  }

  /// Keeps `context` as the span context of the action numbered `sequence`.
  mutating func insert(_ context: ServiceContext, for sequence: UInt64) {
    entries[sequence] = Entry(context: context, stamp: 0)
    touch(sequence)
  }

  /// A job of the action numbered `sequence` began: keep the action while it runs.
  mutating func jobBegan(under sequence: UInt64) {
    entries[sequence]?.liveJobs += 1
  }

  /// A job of the action numbered `sequence` ended: a use of the action.
  mutating func jobEnded(under sequence: UInt64) {
    guard entries[sequence] != nil else { return }
    entries[sequence]!.liveJobs -= 1
    touch(sequence)
  }

  /// Marks the action as used now, and lets the least recently used go beyond the bound.
  private mutating func touch(_ sequence: UInt64) {
    nextStamp += 1
    entries[sequence]!.stamp = nextStamp
    order.append((sequence, nextStamp))
    while entries.count > capacity, let oldest = order.popFirst() {
      // A stale item, or an action with a running job: its job's end puts it back.
      guard let entry = entries[oldest.sequence], entry.stamp == oldest.stamp, entry.liveJobs == 0 else { continue }
      entries[oldest.sequence] = nil
    }
    // Uses of kept actions leave stale items behind: drop them once they outnumber the rest.
    if order.count > 2 * entries.count + 16 {
      order = Deque(order.filter { entries[$0.sequence]?.stamp == $0.stamp })
    }
  }
}
