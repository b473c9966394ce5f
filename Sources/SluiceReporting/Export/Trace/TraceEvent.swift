import SluiceDebugger

/// One event of a trace in the Trace Event Format, the JSON that Perfetto and
/// `chrome://tracing` open: what `export trace` writes, one per reduction, job, flow arrow,
/// cycle warning, stop, and name of a process or a thread.
///
/// Times are whole microseconds since the session started, as the format counts them.
package struct TraceEvent: Sendable, Equatable {
  /// What kind of event it is: the format's `ph`.
  package enum Phase: String, Sendable, Equatable {
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
  package enum Scope: String, Sendable, Equatable {
    /// The thread's track alone.
    case thread = "t"
    /// Every track of the process.
    case process = "p"
    /// The whole trace.
    case global = "g"
  }

  /// A value of an event's `args`, shown when the event is selected.
  package typealias Argument = SessionTrace.Argument

  /// What the viewer shows on the event: an action's case, a job's name.
  package var name: String
  /// Its categories, comma-separated, which a viewer can filter by.
  package var category: String?
  /// What kind of event it is.
  package var phase: Phase
  /// When it starts, in microseconds since the session started.
  package var timestamp: Int
  /// How long it lasts, in microseconds (complete events).
  package var duration: Int?
  /// The process whose track it is on: the session.
  package var processID: Int
  /// The thread whose track it is on: the store, or a lane of jobs.
  package var threadID: Int
  /// The flow a flow event belongs to.
  package var flowID: Int?
  /// Whether a flow's end binds to the slice enclosing it (`"bp":"e"`).
  package var bindsToEnclosingSlice: Bool
  /// How far an instant event reaches.
  package var scope: Scope?
  /// The details a viewer shows for it.
  package var arguments: [String: Argument]?

  /// Creates an event.
  package init(
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
