import Dependencies
import Sluice
import SluiceDebugger
import SluiceDependencies

extension Reducer {
  /// This reducer, run by the debugger with the session's own nondeterministic
  /// dependencies (swift-dependencies), each value the reducer reads recorded with the
  /// action and fed back when the action is replayed:
  ///
  /// - `continuousClock` and `suspendingClock`: the session's clock, so `--virtual-clock`
  ///   and `advance` move every sleep of the feature's jobs; a reduction's `now` is recorded;
  /// - `date`: the session's clock as a date (``FeatureEnvironment/date()``);
  /// - `uuid`: ids counting up from `00000000-0000-0000-0000-000000000000`;
  /// - `withRandomNumberGenerator`: the same numbers on every run.
  ///
  /// ```swift
  /// Feature("journal", summary: "Entries stamped with a date and an id", initialState: Journal.State()) {
  ///   environment in Journal().controlled(by: environment)
  /// }
  /// ```
  ///
  /// Jobs get the same values, read live: they do not run again on replay. Values a
  /// feature reads through dependencies of its own can be recorded too, with
  /// ``SluiceDebugger/FeatureEnvironment/recorded(_:_:)`` in the value the registration
  /// gives them.
  public func controlled(by environment: FeatureEnvironment) -> RecordingReads<WithDependencies<Self>> {
    let clock = environment.recordingClock
    return self.dependencies { values in
      values.continuousClock = clock
      values.suspendingClock = clock
      values.date = DateGenerator { environment.date() }
      values.uuid = UUIDGenerator { environment.uuid() }
      values.withRandomNumberGenerator = WithRandomNumberGenerator(SessionRandomNumbers(environment: environment))
    }
    .recordingReads(in: environment)
  }
}
