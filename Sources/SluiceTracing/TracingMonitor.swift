import DequeModule
import Sluice
import Tracing

/// Traces a store through swift-distributed-tracing, so that its work appears inside the
/// traces a service already exports: each action the store reduces is a span, named by the
/// action's case, and each job (an effect's run, a middleware's run, a debounce or throttle
/// timer) a span under the span of the action whose reduction launched it.
///
/// Spans nest as the work was caused:
///
/// - an action sent from outside the store is a child of the span current where it was sent
///   (`ServiceContext.current`: in a Hummingbird or Vapor handler, the request's span), or
///   begins a trace of its own where there is none;
/// - an action a `.send` effect queued is a child of the span of the action that returned it;
/// - an action a job sent is a child of that job's span;
/// - an action a subscription sent begins a trace of its own: subscriptions, which last as
///   long as the store, have no span.
///
/// An action's span lasts for its reduction, a job's from when it was scheduled until it
/// ended, with an event `started` when its work began. The job's body runs inside its span:
/// the calls it makes (an HTTP client, a database) are traced as the job's children. A job that failed records its error
/// and the error status; one that was cancelled ends with ``SpanAttributeName/jobCancelled``.
/// ``SpanAttributeName`` lists every attribute.
///
/// Install it as the store's monitor:
///
/// ```swift
/// let store = Store(
///   initialState: Cart.State(), reducer: Cart(),
///   monitor: TracingMonitor(storeName: "cart"))
/// ```
///
/// The store calls it on its actor, as it calls any monitor. While `sluice attach` debugs
/// the store, the debugger sets the program's monitor aside, and the store is not traced
/// until it detaches.
public final class TracingMonitor<State, Action>: StoreMonitor {
  private let tracer: any Tracer
  private let storeName: String
  private let actionText: SpanActionText<Action>
  private let caseName: @Sendable (Action) -> String

  /// The parent context of each queued action, taken where it was queued (for an action
  /// sent from outside, the sender's task is the only place to read it), in queue order.
  private var queuedParents: Deque<(sequence: UInt64, parent: ServiceContext)> = []
  /// The span of the action being reduced.
  private var reducing: (sequence: UInt64, span: any Span)?
  private var actionContexts = ActionSpanContexts()
  private var jobSpans: [JobID: any Span] = [:]

  /// Creates a monitor that traces a store's actions and jobs.
  ///
  /// - Parameters:
  ///   - tracer: Where spans go; by default the tracer the program bootstrapped
  ///     (`InstrumentationSystem.tracer`). Tests pass an `InMemoryTracer`.
  ///   - storeName: The store's name, recorded on every span (``SpanAttributeName/store``).
  ///   - actionText: What an action's span records of the action: by default its text with
  ///     its payload, `@Secret` values masked; ``SpanActionText/omitted`` keeps payloads out.
  public init(
    tracer: any Tracer = InstrumentationSystem.tracer,
    storeName: String,
    actionText: SpanActionText<Action> = .described
  ) {
    self.tracer = tracer
    self.storeName = storeName
    self.actionText = actionText
    caseName = caseNamer(for: Action.self)
  }

  // MARK: Actions

  /// Takes down where the action's span will belong, while the sender's context is current.
  public func store(didQueue action: Action, context: ActionContext) {
    queuedParents.append((context.sequence, parentContext(of: context)))
  }

  /// Starts the action's span.
  public func store(willReduce action: Action, context: ActionContext) {
    let parent = takeQueuedParent(of: context.sequence) ?? parentContext(of: context)
    let span = tracer.startSpan(caseName(action), context: parent, ofKind: .internal)
    reducing = (context.sequence, span)
    // A span the tracer does not record (sampled out, or no tracer bootstrapped) is not
    // worth the action's text, which reflection writes.
    guard span.isRecording else { return }
    let text = actionText.text(action)
    span.updateAttributes { attributes in
      attributes[SpanAttributeName.store] = storeName
      if let text { attributes[SpanAttributeName.action] = text }
      attributes[SpanAttributeName.actionSequence] = Int64(truncatingIfNeeded: context.sequence)
      attributes[SpanAttributeName.actionDepth] = context.depth
      switch context.origin {
      case .external:
        attributes[SpanAttributeName.actionOrigin] = "external"
      case .tool:
        attributes[SpanAttributeName.actionOrigin] = "tool"
      case .effect:
        attributes[SpanAttributeName.actionOrigin] = "effect"
      case .job(let job):
        attributes[SpanAttributeName.actionOrigin] = "job"
        attributes[SpanAttributeName.actionJob] = Int64(truncatingIfNeeded: job.rawValue)
      }
    }
  }

  /// Ends the action's span, and keeps its context for the work the action starts.
  public func store(
    didReduce action: Action, context: ActionContext, oldState: State?, newState: State, duration: Duration
  ) {
    guard let reducing, reducing.sequence == context.sequence else { return }
    self.reducing = nil
    actionContexts.insert(reducing.span.context, for: context.sequence)
    reducing.span.end()
  }

  /// Where the span of the action with `context` belongs (see the type's description).
  private func parentContext(of context: ActionContext) -> ServiceContext {
    switch context.origin {
    case .external, .tool:
      return ServiceContext.current ?? .topLevel
    case .effect:
      return context.parent.flatMap { actionContexts.context(of: $0) } ?? .topLevel
    case .job(let job):
      // A subscription's job has no span: its news begins a trace of its own.
      return jobSpans[job]?.context ?? .topLevel
    }
  }

  /// The parent taken down when the action numbered `sequence` was queued. Actions are
  /// reduced in the order they were queued, so those queued before it and not reduced were
  /// dropped, and are forgotten.
  private func takeQueuedParent(of sequence: UInt64) -> ServiceContext? {
    while let first = queuedParents.first, first.sequence < sequence {
      queuedParents.removeFirst()
    }
    guard let first = queuedParents.first, first.sequence == sequence else { return nil }
    queuedParents.removeFirst()
    return first.parent
  }

  // MARK: Jobs

  /// Starts, marks and ends jobs' spans, and actions' when their events come this way; other
  /// events are not traced.
  public func store(didReport event: StoreEvent<State, Action>) {
    switch event {
    case .jobScheduled(let job):
      jobScheduled(job)
    case .jobStarted(let job):
      jobSpans[job.id]?.addEvent("started")
    case .jobEnded(let job):
      jobEnded(job)
    case .queued(let action, let context):
      store(didQueue: action, context: context)
    case .willReduce(let action, let context):
      store(willReduce: action, context: context)
    case .didReduce(let action, let context, let oldState, let newState, let duration):
      store(didReduce: action, context: context, oldState: oldState, newState: newState, duration: duration)
    case .jobSent, .dropped, .cycleDetected, .stateReplaced, .paused, .resumed:
      break
    }
  }

  private func jobScheduled(_ job: JobInfo) {
    // A subscription lasts as long as the store: a span would never end.
    guard job.kind != .subscription else { return }
    let parent = actionContexts.context(of: job.parent.sequence)
    actionContexts.jobBegan(under: job.parent.sequence)
    let span = tracer.startSpan(job.name, context: parent ?? .topLevel, ofKind: .internal)
    span.updateAttributes { attributes in
      attributes[SpanAttributeName.store] = storeName
      attributes[SpanAttributeName.jobID] = Int64(truncatingIfNeeded: job.id.rawValue)
      attributes[SpanAttributeName.jobKind] = job.kind.rawValue
      attributes[SpanAttributeName.jobAction] = Int64(truncatingIfNeeded: job.parent.sequence)
    }
    jobSpans[job.id] = span
  }

  /// Launches the job's task inside its span's context, so that the work the job does (an
  /// HTTP client's call, a database query) is traced as the job's children.
  public func store<Started>(launching job: JobInfo, _ start: () -> Started) -> Started {
    guard let span = jobSpans[job.id] else { return start() }
    return ServiceContext.withValue(span.context, operation: start)
  }

  private func jobEnded(_ job: JobInfo) {
    guard let span = jobSpans.removeValue(forKey: job.id) else { return }
    switch job.status {
    case .cancelled:
      span.updateAttributes { attributes in
        attributes[SpanAttributeName.jobStatus] = "cancelled"
        attributes[SpanAttributeName.jobCancelled] = true
      }
    case .failed(let message):
      span.attributes[SpanAttributeName.jobStatus] = "failed"
      span.recordError(JobFailure(description: message))
      span.setStatus(SpanStatus(code: .error, message: message))
    case .finished, .pending, .running:
      span.attributes[SpanAttributeName.jobStatus] = "finished"
    }
    span.end()
    // After the span's end, before whatever the store continues after the job (the next
    // part of a concatenation, a debounced effect), which starts under the same action.
    actionContexts.jobEnded(under: job.parent.sequence)
  }
}
