/// Counts reductions and follows causal chains to catch runaway dispatch loops.
///
/// Owned by a store; runs only when the store has ``CycleDetection`` settings. A class, so
/// that the store checks an action through a reference instead of mutating an optional
/// struct in place, which copied the optional warning in and out on every action.
///
/// Its properties skip dynamic exclusivity checks, as the store's do: it is used only on
/// the store's actor, and none of its accesses spans a call out of it.
@usableFromInline
final class CycleDetector {
  let settings: CycleDetection
  /// The deepest chain allowed, `Int.max` when depth is not watched: one comparison per
  /// action decides whether the slow check runs.
  @usableFromInline let maximumDepth: Int
  /// Whether the frequency signal is on; it needs the time and the case name of every action.
  @usableFromInline let readsTime: Bool
  /// Case name and parent of recent actions, so a chain can be read back: a ring indexed by
  /// sequence number, whose slot for a number holds the newest action numbered so. Numbers
  /// only grow, so it keeps the latest actions without hashing or a separate order.
  ///
  /// Memory the detector allocates once and owns, every slot initialised, rather than an
  /// array: storing into an array checks its uniqueness and bounds on every action, and a
  /// slot here is a mask away, so it is always in bounds.
  @usableFromInline let ancestry: UnsafeMutablePointer<Ancestor>
  /// The number of slots in `ancestry`, a power of two.
  let slotCount: Int
  /// `ancestry` and its mask (`slotCount - 1`: a sequence number's slot is a mask away), as
  /// a value the store can keep (see ``AncestryRing``).
  @usableFromInline let ring: AncestryRing
  /// Times (on the store's clock) of recent reductions, per case name.
  @exclusivity(unchecked) private var recentReductions: [String: [Duration]] = [:]
  /// Roots whose chain has already been reported as too deep, so a runaway chain warns once.
  @exclusivity(unchecked) private var reportedDeepRoots: Set<UInt64> = []

  /// One remembered action. An empty slot holds sequence number 0, which no action has.
  @usableFromInline
  struct Ancestor {
    @usableFromInline let sequence: UInt64
    @usableFromInline let caseName: String
    @usableFromInline let parent: UInt64?

    @inlinable
    init(sequence: UInt64, caseName: String, parent: UInt64?) {
      self.sequence = sequence
      self.caseName = caseName
      self.parent = parent
    }
  }

  init(settings: CycleDetection) {
    self.settings = settings
    maximumDepth = settings.maximumDepth ?? .max
    readsTime = settings.frequency != nil
    // A power of two, so a number's slot is a mask; at least four times the deepest chain.
    let capacity = max(1024, 4 * (settings.maximumDepth ?? 0))
    let count = 1 << (Int.bitWidth - (capacity - 1).leadingZeroBitCount)
    ancestry = .allocate(capacity: count)
    ancestry.initialize(repeating: Ancestor(sequence: 0, caseName: "", parent: nil), count: count)
    slotCount = count
    ring = AncestryRing(slots: ancestry, slotMask: count - 1)
  }

  deinit {
    ancestry.deinitialize(count: slotCount)
    ancestry.deallocate()
  }

  /// A detector with `settings` that remembers what this one saw: the recent actions, so a
  /// chain caught before the change is read back whole after it (a fresh ring named a loop
  /// of four cases after its last one alone), and the recent reductions counted. A chain
  /// already reported too deep may be reported again, so that a policy changed in the middle
  /// of a loop applies to that loop at once.
  func changing(to settings: CycleDetection) -> CycleDetector {
    let detector = CycleDetector(settings: settings)
    for slot in 0..<slotCount where ancestry[slot].sequence != 0 {
      let ancestor = ancestry[slot]
      let target = Int(truncatingIfNeeded: ancestor.sequence) & detector.ring.slotMask
      // A smaller ring keeps the newest of the actions that share a slot, as it would have.
      if detector.ancestry[target].sequence < ancestor.sequence {
        detector.ancestry[target] = ancestor
      }
    }
    detector.recentReductions = recentReductions
    return detector
  }

  /// Remembers one action about to be reduced, and says whether a signal may fire for it,
  /// in which case the caller asks ``checkSignals(caseName:context:now:)``.
  ///
  /// Inlined into the store's queue: the common case, a shallow chain with frequency off,
  /// is a store into the ring and one comparison, with no warning built or copied.
  @inlinable
  func remember(caseName: String, context: ActionContext) -> Bool {
    ring.remember(caseName: caseName, context: context)
    return context.depth > maximumDepth || readsTime
  }

  /// Where a detector remembers recent actions, as a value the store keeps beside its
  /// dispatch flags (``DispatchFlags/ancestry``): remembering a root action through it
  /// reads no reference, so it costs no retain and release of the detector. Valid while the
  /// detector it came from lives.
  @usableFromInline
  struct AncestryRing {
    @usableFromInline let slots: UnsafeMutablePointer<Ancestor>
    @usableFromInline let slotMask: Int

    @usableFromInline
    init(slots: UnsafeMutablePointer<Ancestor>, slotMask: Int) {
      self.slots = slots
      self.slotMask = slotMask
    }

    /// Remembers the action with `context`, named `caseName`, over the one in its slot.
    @inlinable
    func remember(caseName: String, context: ActionContext) {
      slots[Int(truncatingIfNeeded: context.sequence) & slotMask] = Ancestor(
        sequence: context.sequence, caseName: caseName, parent: context.parent)
    }
  }

  /// The depth and frequency signals for an action already remembered: a warning if one
  /// trips.
  @usableFromInline
  func checkSignals(caseName: String, context: ActionContext, now: Duration) -> CycleWarning? {
    if reportedDeepRoots.count > slotCount {
      reportedDeepRoots.removeAll()
    }
    if context.depth > maximumDepth, reportedDeepRoots.insert(context.root).inserted {
      return warning(.depth(context.depth), caseName: caseName, context: context)
    }

    // What a tool sends (a person at the shell, a script, a test) and a subscription's news
    // are counted by nobody, however often they come; everything else is, the program's own
    // sends included: a loop may leave the store and come back through an observer.
    if let frequency = settings.frequency, context.countsTowardFrequency {
      var times = recentReductions[caseName, default: []]
      let cutoff = now - frequency.window
      times.removeAll { $0 <= cutoff }
      times.append(now)
      if times.count > frequency.limit {
        // Start counting afresh, so a loop that keeps going warns once per burst.
        recentReductions[caseName] = []
        return warning(
          .frequency(count: times.count, window: frequency.window),
          caseName: caseName, context: context)
      }
      recentReductions[caseName] = times
    }
    return nil
  }

  private func warning(
    _ signal: CycleWarning.Signal, caseName: String, context: ActionContext
  ) -> CycleWarning {
    CycleWarning(
      signal: signal, caseName: caseName, context: context,
      cycle: repeatingCycle(endingAt: context.sequence), policy: settings.policy)
  }

  /// The shortest period of the chain of case names leading to `sequence`, in causal order.
  func repeatingCycle(endingAt sequence: UInt64) -> [String] {
    // Newest first, bounded so a very deep chain costs a bounded walk.
    var names: [String] = []
    var cursor: UInt64? = sequence
    while let current = cursor, let entry = ancestor(current), names.count < 256 {
      names.append(entry.caseName)
      cursor = entry.parent
    }
    names.reverse()
    return Self.shortestPeriod(of: names)
  }

  /// The period of the longest periodic tail of `names`, starting where that tail starts.
  static func shortestPeriod(of names: [String]) -> [String] {
    let count = names.count
    guard count > 1 else { return names }
    for period in 1...(count / 2) {
      // The tail repeats with this period if it holds for at least two full periods.
      var start = count - period
      while start > 0, names[start - 1] == names[start - 1 + period] {
        start -= 1
      }
      if count - start >= 2 * period {
        return Array(names[start..<(start + period)])
      }
    }
    return [names[count - 1]]
  }

  /// The remembered action numbered `sequence`, unless a newer one took its slot.
  private func ancestor(_ sequence: UInt64) -> Ancestor? {
    let ancestor = ancestry[Int(truncatingIfNeeded: sequence) & ring.slotMask]
    return ancestor.sequence == sequence && sequence != 0 ? ancestor : nil
  }
}
