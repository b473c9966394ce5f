/// Work a reducer asks the store to do after it has changed the state.
///
/// Effects are values: a reducer returns one and the store performs it. Synchronous
/// follow-ups (`.send`) are queued behind the current action; asynchronous work (`.run`)
/// becomes a *job* that the store tracks, can cancel, and reports to its monitor.
///
/// ```swift
/// case .refresh:
///   state.isLoading = true
///   return .run(name: "load") { send in
///     await send(.loaded(try await api.fetch()))
///   }
///   .cancellable(id: CancelID.load, cancelInFlight: true)
/// ```
public struct Effect<Action: Sendable>: Sendable {
  @usableFromInline
  indirect enum Operation: Sendable {
    case none
    case send(Action)
    case run(Run)
    case merge([Effect])
    case concatenate([Effect])
    case cancellable(Effect, id: EffectID, cancelInFlight: Bool)
    case cancel(EffectID)
    case debounce(Effect, id: EffectID, interval: Duration)
    case throttle(Effect, id: EffectID, interval: Duration, leading: Bool, trailing: Bool)
  }

  /// The asynchronous body of a `.run` effect.
  @usableFromInline
  struct Run: Sendable {
    /// The body: it runs wherever its job's task runs (see ``JobPlacement``).
    typealias Operation = nonisolated(nonsending) @Sendable (Send<Action>) async throws -> Void
    typealias Handler = nonisolated(nonsending) @Sendable (any Error, Send<Action>) async -> Void

    var name: String
    let operation: Operation
    let handler: Handler?
    /// Effect work, or a middleware's (see ``Middleware``), as the job is reported.
    var kind = JobKind.effect
    /// Where the body runs.
    var placement = JobPlacement.offStoreActor
  }

  @usableFromInline let operation: Operation

  @usableFromInline
  init(_ operation: Operation) {
    self.operation = operation
  }

  /// An effect that does nothing.
  @inlinable
  public static var none: Self { Self(.none) }

  /// Sends `action` without a job: it joins the back of the store's queue, first in, first
  /// out, so actions already waiting there are reduced before it. It is reduced before the
  /// `send` that caused it returns.
  public static func send(_ action: Action) -> Self { Self(.send(action)) }

  /// Runs `operation` as a job, sending actions through its `send` argument.
  ///
  /// By default the body runs off the store's actor, so a slow body never holds it up, and
  /// `await send(x)` posts `x` into the store's mailbox and goes on at once: the action is
  /// queued, in order, not yet reduced (see ``Send``). Pass `on: .storeActor` for a short
  /// body that belongs on the store's actor: it starts at once, with no hop, and runs there
  /// until it awaits something that runs elsewhere (see ``JobPlacement``).
  ///
  /// - Parameters:
  ///   - name: How the debugger and the monitor name this job.
  ///   - placement: Where the body runs; off the store's actor by default.
  ///   - operation: The asynchronous work. Throwing `CancellationError` (or any error after
  ///     cancellation) ends the job as cancelled.
  ///   - handler: Called with any other error the operation throws. Without one, the job
  ///     ends as failed and the error is reported to the store's monitor.
  public static func run(
    name: String = "run",
    on placement: JobPlacement = .offStoreActor,
    operation: nonisolated(nonsending) @escaping @Sendable (_ send: Send<Action>) async throws -> Void,
    catch handler: (nonisolated(nonsending) @Sendable (_ error: any Error, _ send: Send<Action>) async -> Void)? = nil
  ) -> Self {
    Self(.run(Run(name: name, operation: operation, handler: handler, placement: placement)))
  }

  /// Runs all `effects` at once; the merged effect completes when every one has.
  public static func merge(_ effects: Self...) -> Self { merge(effects) }

  /// Runs all `effects` at once; the merged effect completes when every one has.
  public static func merge(_ effects: [Self]) -> Self {
    let effects = effects.filter { !$0.isNone }
    switch effects.count {
    case 0: return .none
    case 1: return effects[0]
    default: return Self(.merge(effects))
    }
  }

  /// Runs `effects` one after the other: each starts when the one before it completes.
  public static func concatenate(_ effects: Self...) -> Self { concatenate(effects) }

  /// Runs `effects` one after the other: each starts when the one before it completes.
  public static func concatenate(_ effects: [Self]) -> Self {
    let effects = effects.filter { !$0.isNone }
    switch effects.count {
    case 0: return .none
    case 1: return effects[0]
    default: return Self(.concatenate(effects))
    }
  }

  /// Cancels every in-flight effect marked cancellable with `id`, including the parts of a
  /// concatenation that have not started yet.
  public static func cancel(id: some Hashable & Sendable) -> Self {
    Self(.cancel(EffectID(id)))
  }

  /// Marks this effect cancellable with `id`.
  ///
  /// - Parameters:
  ///   - id: What ``cancel(id:)`` and later `cancelInFlight` effects name it by.
  ///   - cancelInFlight: Cancel any effect already running with the same `id`
  ///     before starting this one, so only the newest survives.
  public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Self {
    if isNone { return self }
    return Self(.cancellable(self, id: EffectID(id), cancelInFlight: cancelInFlight))
  }

  /// Delays this effect by `interval` on the store's clock; a newer debounce with the same
  /// `id` replaces a waiting one, so a burst produces a single run after it goes quiet.
  public func debounce(id: some Hashable & Sendable, for interval: Duration) -> Self {
    if isNone { return self }
    return Self(.debounce(self, id: EffectID(id), interval: interval))
  }

  /// Runs this effect at most once per `interval` of the store's clock for `id`.
  ///
  /// The first request in a window runs at once. With `latest: true`, the newest request
  /// made during the window runs once when the window ends, and that run opens a new window;
  /// otherwise those are dropped. The same as `throttle(id:for:leading:trailing:)` with
  /// `leading: true, trailing: latest`.
  public func throttle(id: some Hashable & Sendable, for interval: Duration, latest: Bool) -> Self {
    throttle(id: id, for: interval, leading: true, trailing: latest)
  }

  /// Runs this effect at most once per `interval` of the store's clock for `id`, choosing
  /// which requests of a window run.
  ///
  /// A request when no window is open opens one. With `leading: true` that request runs at
  /// once; with `trailing: true` the newest request waiting when the window ends runs then
  /// (with `leading: false`, the one that opened it waits too), and that run opens a new
  /// window, so trailing runs stay `interval` apart. Requests that do not run end without
  /// running.
  ///
  /// ```swift
  /// // Save at most every 2 s, always with the latest text, never on the first keystroke.
  /// return .send(.save).throttle(id: CancelID.save, for: .seconds(2), leading: false, trailing: true)
  /// ```
  ///
  /// - Precondition: `leading` or `trailing` is true: a throttle that runs neither would
  ///   run nothing.
  public func throttle(
    id: some Hashable & Sendable, for interval: Duration, leading: Bool, trailing: Bool
  ) -> Self {
    precondition(leading || trailing, "a throttle with leading: false and trailing: false would never run")
    if isNone { return self }
    return Self(.throttle(self, id: EffectID(id), interval: interval, leading: leading, trailing: trailing))
  }

  /// Whether this effect does nothing, which lets the store skip it without work.
  @inlinable
  public var isNone: Bool {
    if case .none = operation { true } else { false }
  }
}
