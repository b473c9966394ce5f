import Sluice

extension History {
  /// What the history stores of one entry: the action and the numbers that describe it,
  /// packed into as few bytes as they need, so that a long history costs little memory and
  /// recording copies little. ``History/Entry`` is the full view, built from it on demand.
  ///
  /// An edit's entry has no action; its edit is kept aside (``History/edits``), so that an
  /// entry of an action that is plain data is plain data too: copied without retains or
  /// calls to copy an enum that might hold a reference.
  ///
  /// Declared in the order that leaves no padding after a small action (an enum with an
  /// `Int` payload takes 56 bytes in all). Numbers that do not fit the narrow fields (a
  /// chain deeper than four billion, a parent or root that far back, or numbers from a file
  /// that a store would never write) are kept exactly all the same, in
  /// ``History/unusualLinks``, with a sentinel here.
  @usableFromInline
  struct PackedEntry {
    /// The action reduced; `nil` for an edit.
    @usableFromInline let action: Action?
    /// The causal depth, or `UInt32.max` when it is in `unusualLinks`.
    @usableFromInline let depth: UInt32
    @usableFromInline let sequence: UInt64
    /// When it was reduced: nanoseconds on the session's clock since the session started.
    @usableFromInline let nanoseconds: Int64
    /// The store's `ActionOrigin`: 0 for external, `UInt64.max` for an effect, else a job's
    /// number (stores number jobs from 1).
    @usableFromInline let actionOrigin: UInt64
    /// `sequence - parent`; 0 for no parent; `UInt32.max` when the parent is in
    /// `unusualLinks`.
    @usableFromInline let parentDistance: UInt32
    /// `sequence - root`, or `UInt32.max` when the root is in `unusualLinks`.
    @usableFromInline let rootDistance: UInt32
    /// How long the reducer took, in nanoseconds, saturating at about 4.3 seconds.
    @usableFromInline let reduceNanoseconds: UInt32
    /// The entry's origin, as an index into the history's table of origins, and in the top
    /// bit whether time travel skips it.
    @usableFromInline var originAndSkip: UInt32

    @usableFromInline static var skipBit: UInt32 { 1 << 31 }
    @usableFromInline static var unusual: UInt32 { .max }

    /// Packs an entry, its origin already interned as `originCode`. Links too wide for the
    /// narrow fields get the sentinel (see ``hasUnusualLinks``); the caller keeps them.
    @inlinable
    init(
      action: Action?, context: ActionContext, originCode: UInt32, nanoseconds: Int64, reduceNanoseconds: UInt64,
      isSkipped: Bool
    ) {
      self.action = action
      sequence = context.sequence
      self.nanoseconds = nanoseconds
      self.reduceNanoseconds = UInt32(clamping: reduceNanoseconds)
      originAndSkip = originCode | (isSkipped ? Self.skipBit : 0)
      switch context.origin {
      case .external: actionOrigin = 0
      case .effect: actionOrigin = .max
      case .tool: actionOrigin = .max - 1
      case .job(let id): actionOrigin = id.rawValue
      }
      if let links = Self.narrowLinks(of: context) {
        (depth, parentDistance, rootDistance) = links
      } else {
        (depth, parentDistance, rootDistance) = (Self.unusual, Self.unusual, Self.unusual)
      }
    }

    /// Whether the links were too wide for the narrow fields.
    @inlinable var hasUnusualLinks: Bool { depth == Self.unusual }

    @inlinable var isSkipped: Bool { originAndSkip & Self.skipBit != 0 }

    @inlinable var originCode: Int { Int(originAndSkip & ~Self.skipBit) }

    /// Depth, parent distance and root distance, when each fits below its sentinel.
    @inlinable
    static func narrowLinks(of context: ActionContext) -> (UInt32, UInt32, UInt32)? {
      guard context.depth >= 0, context.depth < Int(unusual), context.root <= context.sequence,
        context.sequence - context.root < UInt64(unusual)
      else { return nil }
      var parentDistance: UInt32 = 0
      if let parent = context.parent {
        guard parent < context.sequence, context.sequence - parent < UInt64(unusual) else { return nil }
        parentDistance = UInt32(context.sequence - parent)
      }
      return (UInt32(context.depth), parentDistance, UInt32(context.sequence - context.root))
    }

    /// Whole nanoseconds in `duration` (a session's times and durations fit easily). One
    /// 128-bit division where `attoseconds` exists; `components` costs two.
    @inlinable
    package static func nanoseconds(_ duration: Duration) -> Int64 {
      if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, *) {
        return Int64(truncatingIfNeeded: duration.attoseconds / 1_000_000_000)
      }
      let (seconds, attoseconds) = duration.components
      return seconds &* 1_000_000_000 &+ attoseconds / 1_000_000_000
    }

    /// The store's origin of the action.
    @inlinable
    var origin: ActionOrigin {
      switch actionOrigin {
      case 0: .external
      case .max: .effect
      case .max - 1: .tool
      default: .job(JobID(actionOrigin))
      }
    }

    /// The action's context, given the links kept apart when they were unusual.
    @inlinable
    func context(unusual links: UnusualLinks?) -> ActionContext {
      if let links {
        return ActionContext(
          sequence: sequence, parent: links.parent, root: links.root, depth: links.depth, origin: origin)
      }
      return ActionContext(
        sequence: sequence, parent: parentDistance == 0 ? nil : sequence - UInt64(parentDistance),
        root: sequence - UInt64(rootDistance), depth: Int(depth), origin: origin)
    }
  }

  /// The parent, root and depth of an entry whose numbers did not fit ``PackedEntry``.
  @usableFromInline
  struct UnusualLinks {
    @usableFromInline let parent: UInt64?
    @usableFromInline let root: UInt64
    @usableFromInline let depth: Int

    @inlinable
    init(_ context: ActionContext) {
      parent = context.parent
      root = context.root
      depth = context.depth
    }
  }
}
