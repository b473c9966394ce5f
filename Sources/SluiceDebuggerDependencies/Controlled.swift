import Dependencies
import Sluice
import SluiceDebugger
import SluiceDependencies

extension Reducer {
  /// This reducer, run by the debugger with the session's own nondeterministic
  /// dependencies (swift-dependencies), each value the reducer reads recorded with the
  /// action and fed back when the action is replayed, and with the dependency values the
  /// feature states in `values`:
  ///
  /// - `continuousClock` and `suspendingClock`: the session's clock, so `--virtual-clock`
  ///   and `advance` move every sleep of the feature's jobs; a reduction's `now` is recorded;
  /// - `date`: the session's clock as a date (``FeatureEnvironment/date()``);
  /// - `uuid`: ids counting up from `00000000-0000-0000-0000-000000000000`;
  /// - `withRandomNumberGenerator`: the same numbers on every run;
  /// - everything `values` sets: the clients the feature runs on (`$0.inventory = .liveValue`).
  ///
  /// ```swift
  /// Feature("journal", summary: "Entries stamped with a date and an id", initialState: Journal.State()) {
  ///   environment in Journal().controlled(by: environment)
  /// }
  /// ```
  ///
  /// The session's clock, date, ids and random numbers win over `values` when both set them:
  /// they are what the debugger records and replays, and what a test store of the feature
  /// runs on. A dependency neither sets resolves as swift-dependencies resolves it where the
  /// store runs: its `liveValue` in the debugger executable, its `testValue` under
  /// `swift test`; state it in `values` for the two to agree.
  ///
  /// Jobs get the same values, read live: they do not run again on replay. Values a
  /// feature reads through dependencies of its own can be recorded too, with
  /// ``SluiceDebugger/FeatureEnvironment/recorded(_:_:)`` in the value the registration
  /// gives them. `Feature(_:summary:initialState:dependencies:middleware:subscriptions:reducer:)`
  /// applies this to the reducer and gives its middleware the same values.
  public func controlled(
    by environment: FeatureEnvironment, _ values: @escaping @Sendable (inout DependencyValues) -> Void = { _ in }
  ) -> RecordingReads<WithDependencies<Self>> {
    dependencies(environment.world(stating: values)).recordingReads(in: environment)
  }
}

extension FeatureEnvironment {
  /// The dependency values a controlled feature runs on: `values` first, then the
  /// session's clock, dates, ids and random numbers over them, so that those stay the ones
  /// recorded.
  func world(
    stating values: @escaping @Sendable (inout DependencyValues) -> Void
  ) -> @Sendable (inout DependencyValues) -> Void {
    let clock = recordingClock
    return { [self] dependencies in
      values(&dependencies)
      dependencies.continuousClock = clock
      dependencies.suspendingClock = clock
      dependencies.date = DateGenerator { self.date() }
      dependencies.uuid = UUIDGenerator { self.uuid() }
      dependencies.withRandomNumberGenerator = WithRandomNumberGenerator(SessionRandomNumbers(environment: self))
    }
  }
}
