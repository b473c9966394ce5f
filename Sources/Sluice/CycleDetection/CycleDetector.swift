/// Counts reductions and follows causal chains to catch runaway dispatch loops.
///
/// Owned by a store; runs only when the store has ``CycleDetection`` settings.
@usableFromInline
struct CycleDetector {
  let settings: CycleDetection
  /// Times (on the store's clock) of recent reductions, per case name.
  private var recentReductions: [String: [Duration]] = [:]
  /// Case name and parent of recent actions, so a chain can be read back: a ring indexed by
  /// sequence number, whose slot for a number holds the newest action numbered so. Numbers
  /// only grow, so it keeps the latest actions without hashing or a separate order.
  private var ancestry: [Ancestor?]
  /// Roots whose chain has already been reported as too deep, so a runaway chain warns once.
  private var reportedDeepRoots: Set<UInt64> = []

  private struct Ancestor {
    let sequence: UInt64
    let caseName: String
    let parent: UInt64?
  }

  /// Whether ``check(caseName:context:now:)`` reads its `now`: only the frequency signal
  /// needs the time, and reading the clock costs more than the rest of a check.
  @usableFromInline var readsTime: Bool { settings.frequency != nil }

  init(settings: CycleDetection) {
    self.settings = settings
    // A power of two, so a number's slot is a mask; at least four times the deepest chain.
    let capacity = max(1024, 4 * (settings.maximumDepth ?? 0))
    ancestry = Array(repeating: nil, count: 1 << (Int.bitWidth - (capacity - 1).leadingZeroBitCount))
  }

  /// Records one action about to be reduced and returns a warning if it trips a signal.
  @usableFromInline
  mutating func check(caseName: String, context: ActionContext, now: Duration) -> CycleWarning? {
    remember(context.sequence, caseName: caseName, parent: context.parent)

    if let maximumDepth = settings.maximumDepth, context.depth > maximumDepth,
      reportedDeepRoots.insert(context.root).inserted
    {
      return warning(.depth(context.depth), caseName: caseName, context: context)
    }

    if let frequency = settings.frequency {
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

  private mutating func remember(_ sequence: UInt64, caseName: String, parent: UInt64?) {
    ancestry[slot(of: sequence)] = Ancestor(sequence: sequence, caseName: caseName, parent: parent)
    if reportedDeepRoots.count > ancestry.count {
      reportedDeepRoots.removeAll()
    }
  }

  /// The remembered action numbered `sequence`, unless a newer one took its slot.
  private func ancestor(_ sequence: UInt64) -> Ancestor? {
    guard let ancestor = ancestry[slot(of: sequence)], ancestor.sequence == sequence else { return nil }
    return ancestor
  }

  private func slot(of sequence: UInt64) -> Int {
    Int(truncatingIfNeeded: sequence) & (ancestry.count - 1)
  }
}
