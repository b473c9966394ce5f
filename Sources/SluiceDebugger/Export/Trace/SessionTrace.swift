/// A session as a trace (`export trace`): its reductions and its jobs as spans of time, its
/// cycle warnings and stops as instants, all in whole microseconds since the session
/// started. A writer above the engine lays it out in a trace format (the Trace Event Format
/// that Perfetto and `chrome://tracing` open) and writes it.
///
/// The reductions never overlap: on a virtual clock, the reductions of one instant are laid
/// end to end from it, in history order, each as long as its reducer took, at least a
/// microsecond. A job starts no earlier than the end of the reduction that launched it, and
/// lasts until it ended (the end of the trace while it runs), at least a microsecond.
public struct SessionTrace: Sendable, Equatable {
  /// A value of a span's or an instant's details.
  public enum Argument: Sendable, Equatable {
    /// A string.
    case text(String)
    /// A whole number.
    case integer(Int)
    /// A list of strings.
    case texts([String])
    /// A boolean.
    case flag(Bool)
  }

  /// A stretch of time: a reduction or a job.
  public struct Span: Sendable, Equatable {
    /// What a viewer shows on it: an action's case, a job's name.
    public var name: String
    /// When it starts, in microseconds since the session started.
    public var start: Int
    /// How long it lasts, in microseconds: one at least.
    public var duration: Int
    /// Its details, by name.
    public var arguments: [String: Argument]

    /// Creates a span.
    public init(name: String, start: Int, duration: Int, arguments: [String: Argument]) {
      (self.name, self.start, self.duration, self.arguments) = (name, start, duration, arguments)
    }
  }

  /// A job's span, with what it is and what launched it.
  public struct Job: Sendable, Equatable {
    /// The job's span, named for the job.
    public var span: Span
    /// Its kind (`effect`, `timer`, `subscription`…).
    public var kind: String
    /// The span of the reduction that launched it, when that is kept.
    public var launchedBy: Span?

    /// Creates a job's span.
    public init(span: Span, kind: String, launchedBy: Span?) {
      (self.span, self.kind, self.launchedBy) = (span, kind, launchedBy)
    }
  }

  /// A moment on the store's track.
  public struct Instant: Sendable, Equatable {
    /// What it was.
    public enum Kind: String, Sendable, Equatable {
      /// A distinct cycle the detector warned of, at the reduction that set it off.
      case cycle
      /// A stop (a breakpoint, a watchpoint, a cycle pause, `pause`, a step), after the last
      /// reduction before it.
      case stop
    }

    /// What a viewer shows on it.
    public var name: String
    /// What it was.
    public var kind: Kind
    /// When it happened, in microseconds since the session started.
    public var time: Int
    /// Its details, by name.
    public var arguments: [String: Argument]

    /// Creates an instant.
    public init(name: String, kind: Kind, time: Int, arguments: [String: Argument]) {
      (self.name, self.kind, self.time, self.arguments) = (name, kind, time, arguments)
    }
  }

  /// The feature the session debugs.
  public var feature: String
  /// Where the session came from: `a debugging session`, `the session file x.json`.
  public var origin: String
  /// Whether the session ran on a virtual clock.
  public var isVirtualClock: Bool
  /// Each kept history entry's reduction, in history order.
  public var reductions: [Span]
  /// Each job, in the order launched.
  public var jobs: [Job]
  /// The cycle warnings, then the stops.
  public var instants: [Instant]

  /// Creates a trace.
  public init(
    feature: String, origin: String, isVirtualClock: Bool, reductions: [Span], jobs: [Job], instants: [Instant]
  ) {
    (self.feature, self.origin, self.isVirtualClock) = (feature, origin, isVirtualClock)
    (self.reductions, self.jobs, self.instants) = (reductions, jobs, instants)
  }
}
