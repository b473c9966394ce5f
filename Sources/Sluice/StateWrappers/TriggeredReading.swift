/// A value read through a key path, with how many times the `@Triggered` properties read on
/// the way had been assigned: two readings are equal only when the value is and no such
/// property was assigned in between.
///
/// A key path to a wrapped property (`\.scrollToTop`) names the computed property, not its
/// ``Triggered`` wrapper, and nothing at run time maps one to the other. So the wrapper's
/// getter tells a tally, bound for the length of one reading, how many assignments it has
/// seen. Outside a reading the getter finds no tally and does nothing more.
struct TriggeredReading<Value: Equatable>: Equatable {
  /// The value at the key path.
  let value: Value
  /// The sum of the assignment counts of every `@Triggered` property read to reach it.
  let assignments: Int

  init<Root>(of keyPath: KeyPath<Root, Value>, in root: Root) {
    let tally = AssignmentTally()
    value = AssignmentTally.$current.withValue(tally) { root[keyPath: keyPath] }
    assignments = tally.total
  }
}

/// The running total of one ``TriggeredReading``.
///
/// `@unchecked Sendable` only because a task-local value must be `Sendable`: a tally is made,
/// bound with `withValue` around one synchronous key-path read, and read after it, all on one
/// thread, with no task started inside the read; no two threads ever touch it.
final class AssignmentTally: @unchecked Sendable {
  @TaskLocal static var current: AssignmentTally?
  var total = 0

  /// Called by every `@Triggered` getter: adds its count to the reading under way, if any.
  static func noteRead(assignments: Int) {
    current?.total &+= assignments
  }
}
