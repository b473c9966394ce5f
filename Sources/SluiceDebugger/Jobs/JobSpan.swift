import Sluice

/// One job's life as the session saw it: from when its store scheduled it to when it
/// ended, on the session's clock (the clock of ``HistoryRecord/time``, so virtual time under
/// a virtual clock), with the history entry of the action whose reduction started it.
///
/// The session keeps them after the jobs end (`jobs --all`), through time travel (they are
/// what happened), in saved session files, and for as long as the history keeps the entries
/// around them: when the history lets its oldest entries go (folded by its limit, or
/// forgotten by `reset`), the spans that ended before its first kept entry go too.
///
/// A span is also the session's one record of a `cancel` typed by hand
/// (``cancelledByHand``): `export test` cancels the job at the same place from it.
public struct JobSpan: Hashable, Sendable {
  /// How a job's life ended, or that it goes on.
  public enum Outcome: Hashable, Sendable {
    /// Not ended yet.
    case running
    /// Ended normally.
    case finished
    /// Cancelled: by its id, by `cancelInFlight`, by a debounce, by the debugger (`cancel`,
    /// time travel abandoning its timeline), or by its store going away.
    case cancelled(reason: String)
    /// Ended by an error nobody handled.
    case failed(message: String)
  }

  /// A `cancel` typed at the debugger that ended a job: where in the history it came, for a
  /// test exported from the session (`export test`) to cancel the job at the same place.
  public struct CancelledByHand: Hashable, Sendable {
    /// The last history entry when the job was cancelled; 0 before the first.
    public let afterIndex: Int
    /// Whether other live jobs had the job's name: `cancel ID` chose it among them, and a
    /// test cancels jobs by name.
    public let hadNamesakes: Bool

    /// Creates the record of a cancel by hand.
    public init(afterIndex: Int, hadNamesakes: Bool) {
      self.afterIndex = afterIndex
      self.hadNamesakes = hadNamesakes
    }
  }

  /// The job's identity in its store.
  public let id: JobID
  /// The effect's or middleware's name.
  public let name: String
  /// Effect, middleware, timer or subscription.
  public let kind: JobKind
  /// The history index of the action whose reduction launched it; `nil` when unknown (a
  /// subscription), or when that entry is no longer kept (folded away, or replaced by a
  /// fork after time travel).
  public internal(set) var parentIndex: Int?
  /// When its store scheduled it, on the session's clock since the session started.
  public let launched: Duration
  /// When it ended, on the same clock; `nil` while it runs.
  public internal(set) var ended: Duration?
  /// How it ended.
  public internal(set) var outcome: Outcome
  /// The `cancel` typed by hand that ended it, when one did (its outcome is then
  /// ``Outcome/cancelled(reason:)``, the reason naming the command).
  public internal(set) var cancelledByHand: CancelledByHand?

  /// Creates a span.
  public init(
    id: JobID, name: String, kind: JobKind, parentIndex: Int?, launched: Duration, ended: Duration?, outcome: Outcome,
    cancelledByHand: CancelledByHand? = nil
  ) {
    self.id = id
    self.name = name
    self.kind = kind
    self.parentIndex = parentIndex
    self.launched = launched
    self.ended = ended
    self.outcome = outcome
    self.cancelledByHand = cancelledByHand
  }
}

extension JobSpan.Outcome {
  /// `running`, `finished`, `cancelled` or `failed`: the outcome as events and session files
  /// name it.
  public var name: String {
    switch self {
    case .running: "running"
    case .finished: "finished"
    case .cancelled: "cancelled"
    case .failed: "failed"
    }
  }

  /// Why the job was cancelled, or the error it failed with; `nil` otherwise.
  public var reason: String? {
    switch self {
    case .running, .finished: nil
    case .cancelled(let reason): reason
    case .failed(let message): message
    }
  }
}
