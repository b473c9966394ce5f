import Sluice

/// A reducer whose reads through its ``FeatureEnvironment`` (``FeatureEnvironment/recorded(_:_:)``,
/// ``FeatureEnvironment/date()``, ``FeatureEnvironment/uuid()``,
/// ``FeatureEnvironment/randomNumber()``) are recorded with each action, and fed back in
/// order when the debugger replays the action (`toggle`, `load`).
///
/// Made by ``Sluice/Reducer/recordingReads(in:)``; `SluiceDebuggerDependencies`' `controlled(by:)`
/// applies it for reducers that read swift-dependencies' date, uuid, random number generator
/// and clock.
public struct RecordingReads<Base: Reducer>: Reducer {
  /// The reducer whose reads are recorded.
  public let base: Base
  let tape: ReadTape

  init(base: Base, tape: ReadTape) {
    self.base = base
    self.tape = tape
    tape.noteUse()
  }

  /// Reduces with this thread marked as reducing, so that the reads it makes are the
  /// action's.
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    tape.beginReduction()
    defer { tape.endReduction() }
    return base.reduce(into: &state, action: action)
  }
}

extension Reducer {
  /// This reducer, with the values it reads through `environment` recorded with each
  /// action and fed back when the debugger replays it: time travel, `toggle` and `load` then
  /// show the dates, ids and random numbers the feature really read.
  ///
  /// ```swift
  /// Feature("notes", summary: "Notes stamped with their time", initialState: Notes.State()) {
  ///   environment in Notes(now: { environment.date() }).recordingReads(in: environment)
  /// }
  /// ```
  public func recordingReads(in environment: FeatureEnvironment) -> RecordingReads<Self> {
    RecordingReads(base: self, tape: environment.tape)
  }
}
