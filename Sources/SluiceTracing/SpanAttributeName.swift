/// The names of the attributes ``TracingMonitor`` gives its spans, to find them in a tracing
/// backend or read them in a test.
public enum SpanAttributeName {
  /// The store's name, on every span: `sluice.store`.
  public static let store = "sluice.store"
  /// The action's text (see ``SpanActionText``), on an action's span: `sluice.action`.
  public static let action = "sluice.action"
  /// The action's store-wide sequence number: `sluice.action.sequence`.
  public static let actionSequence = "sluice.action.sequence"
  /// How many causal steps separate the action from the one sent from outside that began
  /// its chain, 0 for that one: `sluice.action.depth`.
  public static let actionDepth = "sluice.action.depth"
  /// What sent the action: `external`, `effect` (a `.send` effect) or `job`:
  /// `sluice.action.origin`.
  public static let actionOrigin = "sluice.action.origin"
  /// For an action a job sent, the job's number: `sluice.action.job`.
  public static let actionJob = "sluice.action.job"
  /// The job's store-wide number, on a job's span: `sluice.job.id`.
  public static let jobID = "sluice.job.id"
  /// What kind of work the job did: `effect`, `middleware` or `timer`: `sluice.job.kind`.
  public static let jobKind = "sluice.job.kind"
  /// The sequence number of the action whose reduction launched the job: `sluice.job.action`.
  public static let jobAction = "sluice.job.action"
  /// How the job ended: `finished`, `cancelled` or `failed`: `sluice.job.status`.
  public static let jobStatus = "sluice.job.status"
  /// `true` on the span of a job that ended cancelled: `sluice.job.cancelled`.
  public static let jobCancelled = "sluice.job.cancelled"
}
