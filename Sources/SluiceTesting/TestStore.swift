import Clocks
import CustomDump
import Sluice
import Testing

/// A store for tests that insists every effect of a feature is accounted for.
///
/// Each `send` states how the state should change; each action an effect or middleware sends
/// back must be `receive`d, with its change; `finish()` checks nothing is left running. Any
/// mismatch is recorded as a Swift Testing issue at the line of the call, with a diff.
///
/// ```swift
/// @Test func incrementing() async {
///   let store = TestStore(initialState: Counter.State(), reducer: Counter())
///   await store.send(.increment) { $0.count = 1 }
///   await store.finish()
/// }
/// ```
///
/// It drives a real ``Sluice/Store``: what passes here behaves the same in an app.
@MainActor
public final class TestStore<State: Equatable & Sendable, Action: Sendable> {
  /// The store under test.
  public let store: Store<State, Action>
  /// How strictly the test is checked.
  public var exhaustivity: Exhaustivity
  /// How long `receive` and `finish` wait, in real time, for effects to deliver.
  public var timeout: Duration

  let recorder: TestStoreRecorder<State, Action>
  /// The store's clock, when it is a `ManualClock` ``advance(by:sourceLocation:)`` moves.
  let manualClock: ManualClock?
  /// The state the test has accounted for so far.
  private var expectedState: State
  /// Writes the session file a failure names, when session files are on.
  private let failureSession: FailureSessionHook<State, Action>?
  /// What the debugger's testing support keeps with a test store it made (the registered
  /// feature's read tape); `nil` for a store made from a reducer. Opaque here: this module
  /// depends on the runtime alone.
  package var debuggerContext: AnyObject?

  /// Creates a test store.
  ///
  /// - Parameters:
  ///   - initialState: The state the store starts from.
  ///   - reducer: The feature under test.
  ///   - middleware: Middleware run after the reducer, as in the app.
  ///   - subscriptions: Long-lived listeners started with the store, as in the app.
  ///   - clock: The store's clock. Pass a `ManualClock` to drive debounces and throttles
  ///     with `advance(by:)`; the default `ImmediateClock` lets every timer fire at once.
  ///   - cycleDetection: The cycle detector's settings; `nil` (the default) turns it off.
  ///   - exhaustivity: `.on` (the default) checks everything; `.off` only what is asserted.
  ///   - timeout: How long `receive` and `finish` wait for effects, in real time.
  public convenience init<R: Reducer>(
    initialState: State,
    reducer: R,
    middleware: [Middleware<State, Action>] = [],
    subscriptions: [Subscription<Action>] = [],
    clock: any Clock<Duration> = ImmediateClock(),
    cycleDetection: CycleDetection? = nil,
    exhaustivity: Exhaustivity = .on,
    timeout: Duration = .seconds(1)
  ) where R.State == State, R.Action == Action {
    self.init(
      initialState: initialState, reducer: reducer, middleware: middleware, subscriptions: subscriptions, clock: clock,
      cycleDetection: cycleDetection, exhaustivity: exhaustivity, timeout: timeout, failureSession: nil)
  }

  /// Creates a test store that hands its events to `failureSession`, when given one.
  package init<R: Reducer>(
    initialState: State,
    reducer: R,
    middleware: [Middleware<State, Action>],
    subscriptions: [Subscription<Action>],
    clock: any Clock<Duration>,
    cycleDetection: CycleDetection?,
    exhaustivity: Exhaustivity,
    timeout: Duration,
    failureSession: FailureSessionHook<State, Action>?
  ) where R.State == State, R.Action == Action {
    let recorder = TestStoreRecorder<State, Action>()
    recorder.observer = failureSession?.observe
    store = Store(
      initialState: initialState, reducer: reducer, middleware: middleware, subscriptions: subscriptions,
      clock: clock, cycleDetection: cycleDetection, monitor: recorder)
    self.recorder = recorder
    self.exhaustivity = exhaustivity
    self.timeout = timeout
    manualClock = clock as? ManualClock
    self.failureSession = failureSession
    expectedState = initialState
  }

  /// The store's current state.
  public var state: State { store.state }

  /// The cycle detector's warnings so far.
  public var cycleWarnings: [CycleWarning] { recorder.cycleWarnings }

  /// The jobs that ended by throwing so far, in order, each with its name and its error
  /// (`status`): `#expect(store.failedJobs.isEmpty)`.
  public var failedJobs: [JobInfo] { recorder.failedJobs }

  /// The actions the store dropped so far, with the reason.
  public var droppedActions: [(action: Action, reason: DropReason)] { recorder.dropped }

  /// Sends `action` and checks the state it leaves behind.
  ///
  /// - Parameters:
  ///   - action: The action to send.
  ///   - updateStateToExpectedResult: Mutates the state from before the action into
  ///     what it should be after. Omit it when the action should not change the state.
  ///   - location: Where a failure is reported; the caller's line by default.
  /// - Returns: The store's task for the action, to await or inspect.
  @discardableResult
  public func send(
    _ action: Action,
    assert updateStateToExpectedResult: ((inout State) throws -> Void)? = nil,
    sourceLocation location: SourceLocation = #_sourceLocation
  ) async -> StoreTask {
    await send(action, reducing: { $0() }, assert: updateStateToExpectedResult, at: location)
  }

  /// Sends `action`, the store reducing it inside `reduce`, and checks the state it leaves
  /// behind.
  package func send(
    _ action: Action,
    reducing reduce: (() -> StoreTask) -> StoreTask,
    assert updateStateToExpectedResult: ((inout State) throws -> Void)?,
    at location: SourceLocation
  ) async -> StoreTask {
    if !recorder.received.isEmpty {
      if exhaustivity == .on {
        fail(
          "Must handle \(recorder.received.count) received action(s) before sending an action: "
            + describe(recorder.received.map(\.action)), at: location,
          failingAt: recorder.received.first?.context.sequence)
      }
      skipReceived()
    }
    let store = store
    // A test is a script: what it sends is a tool's, which no frequency signal counts.
    let task = reduce { store.sendFromTool(action) }
    guard let reduction = recorder.sentResults.removeValue(forKey: task.root) else {
      fail(
        "The store did not reduce \(describe(action)): it is paused, or the cycle detector "
          + "dropped the action.", at: location)
      return task
    }
    check(reduction, against: updateStateToExpectedResult, at: location)
    // Let jobs this action started begin, so the test observes them as a user would.
    await Task.yield()
    return task
  }

  /// Waits for the next action an effect or middleware sent, checks it equals `expected`,
  /// and checks the state it left behind.
  public func receive(
    _ expected: Action,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((inout State) throws -> Void)? = nil,
    sourceLocation location: SourceLocation = #_sourceLocation
  ) async where Action: Equatable {
    await receive(
      describing: describe(expected), { $0 == expected }, timeout: timeout,
      assert: updateStateToExpectedResult,
      at: location
    ) { received in
      diff(expected, received).map { "\n\n" + PasteableDump.text($0).indented + "\n\n(Expected: −, Received: +)" } ?? ""
    }
  }

  /// Waits for the next action an effect or middleware sent, checks it is of `actionCase`,
  /// and checks the state it left behind. Use it when the payload is not `Equatable` or not
  /// worth spelling out.
  public func receive<Payload>(
    _ actionCase: EnumCase<Action, Payload>,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((inout State) throws -> Void)? = nil,
    sourceLocation location: SourceLocation = #_sourceLocation
  ) async {
    await receive(
      describing: "an action of the expected case", { actionCase.extract($0) != nil },
      timeout: timeout, assert: updateStateToExpectedResult,
      at: location
    ) { _ in "" }
  }

  /// Waits until every job has ended (or the timeout passes) and checks nothing is left:
  /// no job still running, no received action unasserted. Subscriptions listen for as long
  /// as the store lives and are not waited for; what they sent must be received.
  public func finish(
    timeout: Duration? = nil,
    sourceLocation location: SourceLocation = #_sourceLocation
  ) async {
    let store = store
    let isIdle = await recorder.wait(
      until: { !store.hasWorkInFlight },
      timeout: timeout ?? self.timeout)
    if !isIdle {
      if exhaustivity == .on {
        let running = store.jobs.filter { $0.kind != .subscription }
          .map { "\($0.kind.rawValue) '\($0.name)' started by \(describe(actionOf: $0))" }
        fail(
          "An effect is still running at the end of the test (\(running.count)): "
            + running.joined(separator: "; ")
            + ". Advance the clock, await its action, or cancel it, so the test knows how it ends.",
          at: location)
      }
      await cancelRunningJobsAndWait()
    }
    if !recorder.received.isEmpty {
      if exhaustivity == .on {
        fail(
          "The store received \(recorder.received.count) unexpected action(s): "
            + describe(recorder.received.map(\.action)), at: location,
          failingAt: recorder.received.first?.context.sequence)
      }
      skipReceived()
    }
  }

  /// Accepts every action received so far without asserting it; the expected state becomes
  /// the current one.
  public func skipReceivedActions() async {
    await Task.yield()
    skipReceived()
  }

  /// Cancels every job still running, so the test need not account for them.
  public func skipInFlightEffects() async {
    await cancelRunningJobsAndWait()
  }

  // MARK: - Checking

  private func receive(
    describing expectation: String,
    _ matches: @escaping (Action) -> Bool,
    timeout: Duration?,
    assert updateStateToExpectedResult: ((inout State) throws -> Void)?,
    at location: SourceLocation,
    explainMismatch: (Action) -> String
  ) async {
    let recorder = recorder
    let exhaustivity = exhaustivity
    let arrived = await recorder.wait(
      until: {
        exhaustivity == .on
          ? !recorder.received.isEmpty : recorder.received.contains { matches($0.action) }
      },
      timeout: timeout ?? self.timeout)
    guard arrived else {
      let running = store.jobs.map(\.name)
      fail(
        "Expected to receive \(expectation), but received nothing within \(timeout ?? self.timeout)"
          + (running.isEmpty ? "." : "; still running: \(running.joined(separator: ", ")).")
          + (recorder.received.isEmpty ? "" : " Received: \(describe(recorder.received.map(\.action)))"),
        at: location)
      return
    }
    if exhaustivity == .off {
      while let first = recorder.received.first, !matches(first.action) {
        expectedState = first.state
        recorder.received.removeFirst()
      }
    }
    let reduction = recorder.received.removeFirst()
    guard matches(reduction.action) else {
      fail(
        "Received an unexpected action: \(describe(reduction.action))"
          + explainMismatch(reduction.action), at: location, failingAt: reduction.context.sequence)
      expectedState = reduction.state
      return
    }
    check(reduction, against: updateStateToExpectedResult, at: location)
  }

  private func check(
    _ reduction: TestStoreRecorder<State, Action>.Reduction,
    against updateStateToExpectedResult: ((inout State) throws -> Void)?,
    at location: SourceLocation
  ) {
    let actual = reduction.state
    defer { expectedState = actual }
    var expected = exhaustivity == .on ? expectedState : actual
    do {
      try updateStateToExpectedResult?(&expected)
    } catch {
      fail("The state assertion threw: \(error)", at: location, failingAt: reduction.context.sequence)
      return
    }
    guard expected != actual else { return }
    let difference = diff(expected, actual, format: .proportional).map(PasteableDump.text) ?? "(no printable difference)"
    let headline =
      updateStateToExpectedResult == nil
      ? "State was not expected to change after \(describe(reduction.action)), but it did:"
      : "State after \(describe(reduction.action)) does not match the expectation:"
    fail(
      headline + "\n\n" + difference.indented + "\n\n(Expected: −, Actual: +)", at: location,
      failingAt: reduction.context.sequence)
  }

  private func skipReceived() {
    if let last = recorder.received.last { expectedState = last.state }
    recorder.received.removeAll()
  }

  /// Cancels every running job and waits until each has ended, so nothing it does can
  /// leak into what the test checks next.
  private func cancelRunningJobsAndWait() async {
    for job in store.jobs { store.cancel(job.id) }
    let store = store
    _ = await recorder.wait(until: { store.jobs.isEmpty }, timeout: timeout)
  }

  /// Records an issue at `location`. With session files on, the test's session is written
  /// first, open at the entry of the action numbered `failingSequence` (`nil`: the last
  /// entry), and the issue ends by naming the file.
  package func fail(_ message: String, at location: SourceLocation, failingAt failingSequence: UInt64? = nil) {
    let session = failureSession?.writeSession(failingSequence) ?? ""
    Issue.record(Comment(rawValue: message + session), sourceLocation: location)
  }

  package func describe(_ action: Action) -> String {
    var text = ""
    customDump(action, to: &text, maxDepth: 4)
    return PasteableDump.text(text)
  }

  private func describe(_ actions: [Action]) -> String {
    actions.map(describe).joined(separator: ", ")
  }

  private func describe(actionOf job: JobInfo) -> String {
    "action #\(job.parent.sequence)"
  }
}

extension String {
  fileprivate var indented: String {
    split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n")
  }
}
