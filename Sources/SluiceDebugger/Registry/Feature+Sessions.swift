import Foundation
import Sluice

/// How a feature's sessions are made: on a store of its own, or on the program's store.
/// Neither is inlinable: of the session, only the recording core (``SpecialisedRecording``)
/// is compiled into the feature's module.
extension Feature {
  /// A new session on a new store of the feature, on virtual time when `options` ask.
  @usableFromInline
  @MainActor
  static func hostedSession<R: Reducer>(
    name: String, initialState: R.State, options: SessionOptions, redaction: Redaction,
    makeReducer: (FeatureEnvironment) -> R,
    makeMiddleware: (FeatureEnvironment) -> [Middleware<R.State, R.Action>],
    makeSubscriptions: (FeatureEnvironment) -> [Subscription<R.Action>],
    specialised: SpecialisedRecording<R.State, R.Action>
  ) -> any DebugSession where R.State: Codable & Equatable & Sendable, R.Action: Codable {
    let manualClock = options.usesVirtualClock ? ManualClock() : nil
    let clock: any Clock<Duration> = manualClock ?? ContinuousClock()
    let tape = ReadTape()
    let environment = FeatureEnvironment(
      clock: clock, startDate: manualClock == nil ? Date() : FeatureEnvironment.virtualStartDate, tape: tape)
    let reducer = makeReducer(environment)
    let monitor = SessionMonitor<R.State, R.Action>()
    let store = Store(
      initialState: initialState, reducer: reducer, middleware: makeMiddleware(environment),
      subscriptions: makeSubscriptions(environment), clock: clock, cycleDetection: options.cycleDetection,
      monitor: monitor)
    let session = Session(
      name: name, store: store, monitor: monitor, reduce: reducer.reduce, options: options, manualClock: manualClock,
      tape: tape, redaction: redaction, specialised: specialised)
    return LoadedSession(session)
  }

  /// A session on a store the program made and keeps: its reducer, middleware, clock and
  /// jobs stay as they are, and the session starts from the state the store holds now. The
  /// store's own monitor is set aside until the session's `detach()` puts it back. A reducer built with
  /// `recordingDependencies()` records what each reduction reads for the session, which
  /// feeds the reads back on replay, as a hosted session does.
  ///
  /// A store on an actor of its own comes with `hold`: the session then uses the store only
  /// while its actor waits, and hears its events on the main actor while the store waits
  /// (see `StoreActorHold`).
  @MainActor
  static func adoptedSession<State: Codable & Equatable & Sendable, Action: Codable & Sendable>(
    adopting store: Store<State, Action>, holding hold: StoreActorHold?, name: String,
    savedAs feature: String?, options: SessionOptions, redaction: Redaction,
    specialised: SpecialisedRecording<State, Action>
  ) -> any DebugSession {
    hold?.hold()
    var options = options
    // The program's own settings stand; a store without a detector gets the debugger's,
    // which warn and change nothing else unless the user sets a policy.
    options.cycleDetection = store.cycleDetection ?? options.cycleDetection
    options.usesVirtualClock = false
    let monitor = SessionMonitor<State, Action>()
    let adoption = Adoption(monitor: store.monitor, cycleDetection: store.cycleDetection)
    store.monitor = hold.map { ForwardingMonitor(monitor, through: $0) } ?? monitor
    store.cycleDetection = options.cycleDetection
    // A program's store records what it reads on the process's production tape
    // (`recordingDependencies()`), and only while a session takes the reads. Counted
    // whether or not a recording reducer exists yet, so that `detach()` takes back exactly
    // what this added, however the tape's use changes in between.
    let tape = ReadTape.production
    tape.addConsumer()
    let session = Session(
      name: name, store: store, hold: hold, monitor: monitor, reduce: store.reducer, options: options,
      manualClock: nil, tape: tape, redaction: redaction, specialised: specialised)
    session.adoption = adoption
    session.savedFeatureName = feature.flatMap { $0 == name ? nil : $0 }
    return LoadedSession(session)
  }
}
