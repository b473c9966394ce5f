/// How one recorded state differs from the state before it, as writes to the stored
/// properties and array elements that changed: what the history keeps of a state between
/// two whole copies of it (see ``History``).
///
/// A patch copies storage exactly: it is found by comparing the two states' bytes
/// (``StatePatchBuilder``), not by `==` or a mirror, so what a custom `==` ignores (an
/// `@Ignored` property) or a custom mirror hides changes with the state all the same.
/// Applied to the state before, it gives the state after, bit for bit where it wrote and
/// sharing everything else.
@usableFromInline
struct StatePatch {
  /// One step from a value into a part of it.
  enum Step: Equatable {
    /// The stored property at this place in ``StoredFields`` of the value's type.
    case field(Int)
    /// The array element at this offset.
    case element(Int)
  }

  /// One write.
  enum Operation {
    /// Replaces the value at `route` with `value`, a value of its type.
    case set(route: [Step], value: Any)
    /// Replaces the elements in `range` of the array at `route` with `elements`, an array
    /// of the same type: an insertion when the range is empty, a removal when `elements` is.
    case replace(route: [Step], range: Range<Int>, elements: Any)
  }

  /// The writes, in order.
  let operations: [Operation]
  /// About how many bytes the patch keeps alive that the states around it do not share:
  /// what the history weighs against a whole copy of the state.
  let weight: Int

  /// Turns the state before into the state after.
  ///
  /// - Returns: Whether every write found its place; `false` means the patch was applied to
  ///   a state it was not made from.
  @discardableResult
  func apply<State>(to state: inout State) -> Bool {
    var applied = true
    for operation in operations {
      switch operation {
      case .set(let route, let value):
        applied = StateWriter.write(.set(value), along: route[...], in: &state) && applied
      case .replace(let route, let range, let elements):
        applied = StateWriter.write(.replace(range, with: elements), along: route[...], in: &state) && applied
      }
    }
    return applied
  }
}
