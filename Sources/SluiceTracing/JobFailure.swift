/// The error a failed job's span records: the store reports a failure by its text (the
/// thrown error's description), which this carries as its own.
struct JobFailure: Error, CustomStringConvertible {
  /// The thrown error's description, as the store reported it.
  let description: String
}
