import Sluice

extension History {
  /// The root action of a recent chain, kept apart from the entries so that `bt` and cycle
  /// reports still name a chain's root after the history limit folded it away: packed, as
  /// the entry was.
  @usableFromInline
  struct KeptRoot {
    @usableFromInline let index: Int
    @usableFromInline let stored: PackedEntry
    /// The links, when they did not fit the packed entry (never for a root a store numbered).
    @usableFromInline let unusual: UnusualLinks?
    /// The edit, when the root is one (`set var` starts a chain of its own).
    @usableFromInline let edit: StateEdit?

    @inlinable
    init(index: Int, stored: PackedEntry, unusual: UnusualLinks?, edit: StateEdit?) {
      self.index = index
      self.stored = stored
      self.unusual = unusual
      self.edit = edit
    }
  }

  /// How many chain roots are kept, the newest: a power of two, so the ring's next slot is
  /// a mask away.
  @inlinable static var keptRootLimit: Int { 256 }

  /// Notes that entry `index`, numbered `sequence`, is a chain's root.
  ///
  /// Only its index goes into the ring of recent roots, over the oldest: the entry itself is
  /// copied only if a fold drops it while it is still among the newest roots. Copying every
  /// root as it was recorded cost more than the rest of keeping the entry.
  @inlinable
  @inline(__always)
  mutating func noteRoot(index: Int, sequence: UInt64) {
    // Roots arrive in the order of their sequence numbers; should the numbers ever start
    // over (another store's, from a file), so do the roots.
    if sequence <= newestRootSequence { forgetRoots() }
    newestRootSequence = sequence
    if recentRoots.count < Self.keptRootLimit {
      recentRoots.append(index)
    } else {
      recentRoots[nextRecentRoot] = index
    }
    nextRecentRoot = (nextRecentRoot &+ 1) & (Self.keptRootLimit - 1)
  }

  /// Forgets every root noted so far.
  @usableFromInline
  mutating func forgetRoots() {
    recentRoots.removeAll(keepingCapacity: true)
    nextRecentRoot = 0
    foldedRoots.removeAll()
  }

  /// The index of the oldest root in the ring, if any.
  @inlinable
  var oldestRecentRoot: Int? {
    guard !recentRoots.isEmpty else { return nil }
    return recentRoots.count < Self.keptRootLimit ? recentRoots[0] : recentRoots[nextRecentRoot]
  }

  /// Before a fold drops the entries up to `lastFolded`: copies the recent roots among them,
  /// and forgets the copies of roots that are no longer recent. Most folds find the oldest
  /// recent root still held after the fold, and do nothing else.
  @inlinable
  mutating func keepRecentRoots(through lastFolded: Int) {
    guard let oldest = oldestRecentRoot else { return }
    if let first = foldedRoots.first, first.index < oldest {
      foldedRoots.removeAll { $0.index < oldest }
    }
    guard oldest <= lastFolded else { return }
    keepFoldedRoots(from: max(oldest, firstIndex), through: lastFolded)
  }

  /// Copies the recent roots among the entries `first` through `last`, oldest first.
  @usableFromInline
  mutating func keepFoldedRoots(from first: Int, through last: Int) {
    for index in recentRoots.sorted() where index >= first && index <= last {
      let stored = packed[index - firstIndex]
      let unusual = stored.hasUnusualLinks ? unusualLinks[index] : nil
      // A fork may have given a noted index to an entry that is not a root.
      guard stored.context(unusual: unusual).parent == nil else { continue }
      foldedRoots.append(KeptRoot(index: index, stored: stored, unusual: unusual, edit: edits[index]))
    }
  }

  /// The root action numbered `sequence`: its entry while the history holds it, else a
  /// copy if it was among the newest roots.
  func root(numbered sequence: UInt64) -> Entry? {
    if let index = index(ofSequence: sequence), let entry = entry(index) {
      return entry.context.parent == nil ? entry : nil
    }
    guard let oldest = oldestRecentRoot,
      let root = foldedRoots.last(where: { $0.stored.sequence == sequence && $0.index >= oldest })
    else { return nil }
    return Self.unpack(
      root.stored, index: root.index, edit: root.edit, origins: origins, unusual: root.unusual, changedPaths: nil,
      reads: [], readLive: false)
  }
}
