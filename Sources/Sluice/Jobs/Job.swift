/// The store-wide identity of a job.
public struct JobID: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The job's number, increasing in the order jobs were scheduled.
  public let rawValue: UInt64

  /// Wraps a job number.
  public init(_ rawValue: UInt64) { self.rawValue = rawValue }

  public static func < (lhs: JobID, rhs: JobID) -> Bool { lhs.rawValue < rhs.rawValue }

  public var description: String { "#\(rawValue)" }
}

/// What kind of work a job does.
public enum JobKind: String, Hashable, Sendable {
  /// A `.run` effect returned by a reducer.
  case effect
  /// One middleware's run for one action.
  case middleware
  /// A timer waiting on the store's clock for a debounce or a throttle window.
  case timer
  /// A ``Subscription`` listening for as long as the store lives: never waited for.
  case subscription
}

/// Where a job is in its life.
public enum JobStatus: Hashable, Sendable {
  /// Scheduled but not started: waiting for its task to begin, or held by a monitor.
  case pending
  /// Started and not yet ended.
  case running
  /// Ended normally.
  case finished
  /// Ended because it was cancelled (by id, by `cancelInFlight`, or by the store going away).
  case cancelled
  /// Ended by an error nobody handled; the message is the error's description.
  case failed(String)

  /// Whether the job has ended.
  public var hasEnded: Bool {
    switch self {
    case .pending, .running: false
    case .finished, .cancelled, .failed: true
    }
  }
}

/// A snapshot of one job, as monitors and the debugger see it.
public struct JobInfo: Hashable, Sendable, Identifiable {
  /// The job's identity.
  public let id: JobID
  /// The effect's or middleware's name; a debounce's timer is named after what it delays
  /// (`debounce .search`, `debounce load todos`), a throttle's window after its id.
  public let name: String
  /// Effect, middleware or timer.
  public let kind: JobKind
  /// The context of the action whose reduction scheduled this job.
  public let parent: ActionContext
  /// The cancellation ids the job is registered under, innermost first.
  public let cancellationIDs: [EffectID]
  /// Where the job is in its life.
  public var status: JobStatus

  /// Creates a job snapshot.
  public init(
    id: JobID, name: String, kind: JobKind, parent: ActionContext,
    cancellationIDs: [EffectID], status: JobStatus
  ) {
    self.id = id
    self.name = name
    self.kind = kind
    self.parent = parent
    self.cancellationIDs = cancellationIDs
    self.status = status
  }
}
