import SluiceTesting
import Clocks
import Sluice
import SluiceDebugger

extension TestStore where State: Codable, Action: Codable {
  /// Creates a test store whose failures open in the debugger: when session files are on
  /// (``SluiceDebuggerTesting/FailureSessions``: the `.failureSessions(in:)` trait, or `SLUICE_TEST_SESSIONS=FOLDER`
  /// in the environment) and the test fails, it writes what the test did as an ordinary Sluice
  /// session file of the feature registered as `debuggerFeature`, and the failure names it:
  ///
  /// ```text
  /// Session: /…/sessions/CheckoutTests.paymentFails.sluice-session (4 actions; opens at #3, where the test failed)
  /// Debug it: sluice --feature checkout -ex 'load /…/sessions/CheckoutTests.paymentFails.sluice-session'
  /// ```
  ///
  /// (`sluice` there is whichever debugger executable registers the feature: say how to
  /// start your package's own, which `sluice-init` writes, with
  /// `.failureSessions(in:debugger:)` or `SLUICE_TEST_DEBUGGER`, and the command names it:
  /// `swift run orders-debugger --feature checkout -ex 'load …'`.)
  ///
  /// `load` replays it through the registered feature's reducer and opens it at the failing
  /// entry (the prompt shows `@3/4` when entries follow it): `log` lists what the test sent
  /// (`← user`) and what effects and middleware sent back (`← middleware 'payment'`), in the
  /// order the store reduced them; `print`, `diff` and `bt` look at the failing step; `jump`
  /// goes anywhere else. Each failure writes a file of its own, holding the actions reduced
  /// until then, named after the test (`Suite.test.sluice-session`, then `-2`, `-3`… for a
  /// test's further failures), so the same test writes the same file on every run.
  ///
  /// With session files off, this is ``init(initialState:reducer:middleware:subscriptions:clock:cycleDetection:exhaustivity:timeout:)``
  /// and nothing is recorded.
  ///
  /// What the file cannot hold: the jobs still running when the test failed (the failure
  /// lists them), values the reducer read outside the debugger's control (`Date()`, a
  /// dependency it does not control: `load` then says where replay diverges; a test store of
  /// a registered feature, `TestStore(feature:in:)`, keeps the dates, ids and random numbers
  /// its reducer reads through the debugger), and a real clock's time, which the
  /// entries keep as it was but a session on virtual time does not move to. The debugger
  /// starts the session from the test's initial state. The file keeps the dependency values
  /// the test's reducer overrode (`.dependency(\.uuid, …)` by name, `.dependencies { … }` as
  /// a closure), and when `load` diverges, it names them.
  ///
  /// - Parameters:
  ///   - initialState: The state the store starts from.
  ///   - reducer: The feature under test.
  ///   - middleware: Middleware run after the reducer, as in the app.
  ///   - subscriptions: Long-lived listeners started with the store, as in the app.
  ///   - clock: The store's clock (see the other initializer). A `ManualClock`,
  ///     `ImmediateClock` or `TestClock` is virtual: the file keeps its time, and a session on
  ///     virtual time moves to it when it loads the file.
  ///   - cycleDetection: The cycle detector's settings; `nil` (the default) turns it off.
  ///   - exhaustivity: `.on` (the default) checks everything; `.off` only what is asserted.
  ///   - timeout: How long `receive` and `finish` wait for effects, in real time.
  ///   - debuggerFeature: The name the feature is registered under in the debugger
  ///     (`Feature("checkout", …)`): `load` opens a file only in the session of that feature.
  public convenience init<R: Reducer>(
    initialState: State,
    reducer: R,
    middleware: [Middleware<State, Action>] = [],
    subscriptions: [Subscription<Action>] = [],
    clock: any Clock<Duration> = ImmediateClock(),
    cycleDetection: CycleDetection? = nil,
    exhaustivity: Exhaustivity = .on,
    timeout: Duration = .seconds(1),
    debuggerFeature: String
  ) where R.State == State, R.Action == Action {
    self.init(
      initialState: initialState, reducer: reducer, middleware: middleware, subscriptions: subscriptions, clock: clock,
      cycleDetection: cycleDetection, exhaustivity: exhaustivity, timeout: timeout, debuggerFeature: debuggerFeature,
      readTape: nil)
  }

  /// A test store of `debuggerFeature` whose reducer records its reads in `readTape`, when
  /// given: a failure's session file keeps them, and `send(_:reading:assert:)` feeds it.
  convenience init<R: Reducer>(
    initialState: State, reducer: R, middleware: [Middleware<State, Action>], subscriptions: [Subscription<Action>],
    clock: any Clock<Duration>, cycleDetection: CycleDetection?, exhaustivity: Exhaustivity, timeout: Duration,
    debuggerFeature: String, readTape: ReadTape?
  ) where R.State == State, R.Action == Action {
    let hook = FailureSessions.folder().map { folder in
      let recorder = FailureSessionRecorder<State, Action>(
        feature: debuggerFeature, initialState: initialState, testOverrides: reducer.dependencyOverrides, clock: clock,
        folder: folder, readTape: readTape, debugger: FailureSessions.debugger())
      return FailureSessionHook<State, Action>(observe: recorder.observe, writeSession: recorder.writeSession)
    }
    self.init(
      initialState: initialState, reducer: reducer, middleware: middleware, subscriptions: subscriptions, clock: clock,
      cycleDetection: cycleDetection, exhaustivity: exhaustivity, timeout: timeout, failureSession: hook)
    debuggerContext = readTape
  }
}
