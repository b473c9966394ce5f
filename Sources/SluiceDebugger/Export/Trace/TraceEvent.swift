/// One event of a trace in the Trace Event Format, the JSON that Perfetto and
/// `chrome://tracing` open: what `export trace` writes, one per reduction, job, flow arrow,
/// cycle warning, stop, and name of a process or a thread.
///
/// Times are whole microseconds since the session started, as the format counts them.
public struct TraceEvent: Sendable, Equatable {
  /// What kind of event it is: the format's `ph`.
  public enum Phase: String, Sendable, Equatable {
    /// A span of time on a thread's track, with its duration (`X`).
    case complete = "X"
    /// A moment (`i`).
    case instant = "i"
    /// Where a flow arrow starts: bound to the slice that encloses it on its track (`s`).
    case flowStart = "s"
    /// Where a flow arrow ends (`f`); ``TraceEvent/bindsToEnclosingSlice`` binds it to the
    /// slice that encloses it, not the next one.
    case flowEnd = "f"
    /// Names a process or a thread (`M`).
    case metadata = "M"
  }

  /// How far an instant event reaches: the format's `s`.
  public enum Scope: String, Sendable, Equatable {
    /// The thread's track alone.
    case thread = "t"
    /// Every track of the process.
    case process = "p"
    /// The whole trace.
    case global = "g"
  }

  /// A value of an event's `args`, shown when the event is selected.
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

  /// What the viewer shows on the event: an action's case, a job's name.
  public var name: String
  /// Its categories, comma-separated, which a viewer can filter by.
  public var category: String?
  /// What kind of event it is.
  public var phase: Phase
  /// When it starts, in microseconds since the session started.
  public var timestamp: Int
  /// How long it lasts, in microseconds (complete events).
  public var duration: Int?
  /// The process whose track it is on: the session.
  public var processID: Int
  /// The thread whose track it is on: the store, or a lane of jobs.
  public var threadID: Int
  /// The flow a flow event belongs to.
  public var flowID: Int?
  /// Whether a flow's end binds to the slice enclosing it (`"bp":"e"`).
  public var bindsToEnclosingSlice: Bool
  /// How far an instant event reaches.
  public var scope: Scope?
  /// The details a viewer shows for it.
  public var arguments: [String: Argument]?

  /// Creates an event.
  public init(
    name: String, category: String? = nil, phase: Phase, timestamp: Int, duration: Int? = nil, processID: Int,
    threadID: Int, flowID: Int? = nil, bindsToEnclosingSlice: Bool = false, scope: Scope? = nil,
    arguments: [String: Argument]? = nil
  ) {
    self.name = name
    self.category = category
    self.phase = phase
    self.timestamp = timestamp
    self.duration = duration
    self.processID = processID
    self.threadID = threadID
    self.flowID = flowID
    self.bindsToEnclosingSlice = bindsToEnclosingSlice
    self.scope = scope
    self.arguments = arguments
  }
}
