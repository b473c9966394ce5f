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

    @inlinable
    init(index: Int, stored: PackedEntry, unusual: UnusualLinks?) {
      self.index = index
      self.stored = stored
      self.unusual = unusual
    }
  }

  /// How many chain roots are kept, the newest: a power of two, so the ring's next slot is
  /// a mask away.
  @inlinable static var keptRootLimit: Int { 256 }

  /// Keeps entry `index`, a chain's root, in the ring of recent roots, over the oldest.
  @inlinable
  mutating func keepRoot(_ stored: PackedEntry, index: Int, context: ActionContext) {
    // Roots arrive in the order of their sequence numbers; should the numbers ever start
    // over (another store's, from a file), so do the roots.
    if context.sequence <= newestRootSequence {
      keptRoots.removeAll(keepingCapacity: true)
      nextKeptRoot = 0
    }
    newestRootSequence = context.sequence
    let root = KeptRoot(index: index, stored: stored, unusual: stored.hasUnusualLinks ? UnusualLinks(context) : nil)
    if keptRoots.count < Self.keptRootLimit {
      keptRoots.append(root)
    } else {
      keptRoots[nextKeptRoot] = root
    }
    nextKeptRoot = (nextKeptRoot + 1) & (Self.keptRootLimit - 1)
  }

  /// The kept root numbered `sequence`, whether or not the history still holds its entry.
  func keptRoot(_ sequence: UInt64) -> Entry? {
    guard let root = keptRoots.first(where: { $0.stored.sequence == sequence }) else { return nil }
    return unpack(root.stored, index: root.index, unusual: root.unusual)
  }
}
