/// Which operations of a feature are in flight, and how each one last failed, keyed by an
/// enum of the feature's operations. Lives in state.
///
/// ```swift
/// enum Operation: Hashable, Sendable, Codable { case load, save }
/// var operations = OperationTracker<Operation>()
///
/// case .saveTapped:
///   state.operations.begin(.save)
/// case .saved:
///   state.operations.end(.save)
/// case .saveFailed(let failure):
///   state.operations.end(.save, failure: failure)
/// ```
///
/// A run replaced through `cancelInFlight` or stopped by `.cancel(id:)` never reports its
/// end: call `end` for it where the cancellation is decided, or `begin` only when the
/// operation is not already running.
public struct OperationTracker<Operation: Hashable & Sendable>: Sendable {
  /// How many runs of each operation are in flight.
  ///
  /// Settable so that a test can state what it expects (`$0.operations.inFlight = [.save: 1]`,
  /// as `export test` writes it); a feature changes it through ``begin(_:)`` and ``end(_:failure:)``.
  public var inFlight: [Operation: Int] = [:]
  /// The failure of each operation's last run, if it failed; settable for tests, as
  /// ``inFlight`` is.
  public var failures: [Operation: AsyncFailure] = [:]

  /// Creates a tracker with nothing in flight.
  public init() {}

  /// Records that a run of `operation` started, clearing its last failure.
  public mutating func begin(_ operation: Operation) {
    inFlight[operation, default: 0] += 1
    failures[operation] = nil
  }

  /// Records that a run of `operation` ended, with its failure if it failed. Ending an
  /// operation that is not in flight only records the failure.
  public mutating func end(_ operation: Operation, failure: AsyncFailure? = nil) {
    if let count = inFlight[operation] {
      inFlight[operation] = count > 1 ? count - 1 : nil
    }
    failures[operation] = failure
  }

  /// Whether any run of `operation` is in flight.
  public func isRunning(_ operation: Operation) -> Bool {
    inFlight[operation] != nil
  }

  /// Whether nothing is in flight.
  public var isIdle: Bool { inFlight.isEmpty }
}

extension OperationTracker: Equatable {}
extension OperationTracker: Hashable {}
extension OperationTracker: Codable where Operation: Codable {}
