import SluiceTesting
import Foundation
import Sluice
import SluiceDebugger

extension TestStore where State: Codable, Action: Codable {
  /// A test store of the feature registered as `name` in `registry`, made as the debugger
  /// makes the feature's sessions: its initial state, reducer, middleware, subscriptions and
  /// cycle settings, given an environment on `clock` that starts at the date a virtual-time
  /// session starts at. So the test runs the store a session on `--virtual-clock` ran, and
  /// reads the same dates, ids and random numbers; a test exported from such a session
  /// (`export test`) builds its store so.
  ///
  /// ```swift
  /// let clock = ManualClock()
  /// let store: TestStore<Checkout.State, Checkout.Action> = try TestStore(
  ///   feature: "checkout", in: features, clock: clock)
  /// ```
  ///
  /// Its failures write session files as ``init(initialState:reducer:middleware:subscriptions:clock:cycleDetection:exhaustivity:timeout:debuggerFeature:)``'s
  /// do, when ``SluiceDebuggerTesting/FailureSessions`` are on.
  ///
  /// - Parameters:
  ///   - name: The name the feature is registered under.
  ///   - registry: The debugger's features.
  ///   - initialState: The state to start from, when not the feature's own (a session that
  ///     started elsewhere: loaded, or its oldest entries folded into its base).
  ///   - cycleDetection: The cycle detector's settings, when not the feature's own (a session
  ///     whose detector fired, with the settings it ran with).
  ///   - clock: The store's clock and the environment's: virtual time the test moves.
  ///   - exhaustivity: `.on` (the default) checks everything; `.off` only what is asserted.
  ///   - timeout: How long `receive` and `finish` wait for effects, in real time.
  /// - Throws: When no feature is registered as `name`, when its state or actions are not
  ///   `State` and `Action`, or when it is a store a program made (an attached one).
  public convenience init(
    feature name: String, in registry: FeatureRegistry, initialState: State? = nil,
    cycleDetection: CycleDetection? = nil, clock: ManualClock = ManualClock(), exhaustivity: Exhaustivity = .on,
    timeout: Duration = .seconds(1)
  ) throws(DebugError) {
    guard let feature = registry.feature(named: name) else {
      throw DebugError("no feature is registered as '\(name)' (registered: \(registry.names.joined(separator: ", ")))")
    }
    let environment = FeatureEnvironment(clock: clock, startDate: FeatureEnvironment.virtualStartDate)
    guard let parts = feature.storeParts(in: environment, as: State.self, Action.self) else {
      throw DebugError(
        "the feature '\(name)' is not a store of \(State.self) and \(Action.self), or is a store a program made")
    }
    self.init(
      initialState: initialState ?? parts.initialState, reducer: parts.reducer, middleware: parts.middleware,
      subscriptions: parts.subscriptions, clock: clock, cycleDetection: cycleDetection ?? parts.cycleDetection,
      exhaustivity: exhaustivity, timeout: timeout, debuggerFeature: name, readTape: environment.tape)
  }
}
