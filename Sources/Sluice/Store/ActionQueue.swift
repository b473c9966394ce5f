/// The store's FIFO of actions waiting to be reduced.
///
/// An array read from a moving head: appending and popping allocate nothing once the
/// buffer has grown, and the consumed prefix is dropped in bulk, so a long chain of
/// follow-up actions runs in constant memory.
///
/// Inlinable, like the rest of the store's queued path, so that it is specialised for the
/// store's action type where the store is used.
@usableFromInline
struct ActionQueue<Action> {
  @usableFromInline
  struct Entry {
    @usableFromInline var action: Action
    @usableFromInline var context: ActionContext

    @inlinable
    init(action: Action, context: ActionContext) {
      self.action = action
      self.context = context
    }
  }

  @usableFromInline var entries: [Entry] = []
  @usableFromInline var head = 0

  init() {
    entries.reserveCapacity(16)
  }

  @inlinable var isEmpty: Bool { head == entries.count }
  var count: Int { entries.count - head }
  @inlinable var first: Entry? { isEmpty ? nil : entries[head] }

  @inlinable
  mutating func append(_ entry: Entry) {
    entries.append(entry)
  }

  @inlinable
  mutating func removeFirst() -> Entry {
    let entry = entries[head]
    head += 1
    if head == entries.count {
      entries.removeAll(keepingCapacity: true)
      head = 0
    } else if head >= 1024, head * 2 >= entries.count {
      entries.removeFirst(head)
      head = 0
    }
    return entry
  }

  /// The waiting entries, oldest first.
  var pending: ArraySlice<Entry> { entries[head...] }
}
