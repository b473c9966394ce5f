import SluiceDebugger

/// The session's clock, as a feature's dependencies see it: sleeps are the session's, and
/// `now` read by a reduction is recorded (as `clock.now`, the time since the session
/// started) and fed back on replay.
struct SessionClock<Base: Clock<Duration>>: Clock {
  typealias Instant = Base.Instant

  let base: Base
  /// `base`'s time when the session started: recorded instants are offsets from it.
  let start: Base.Instant
  let environment: FeatureEnvironment

  var now: Instant {
    start.advanced(by: environment.recorded("clock.now") { start.duration(to: base.now) })
  }

  var minimumResolution: Duration { base.minimumResolution }

  func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    try await base.sleep(until: deadline, tolerance: tolerance)
  }

}

extension FeatureEnvironment {
  /// The session's clock, its `now` recorded when a reduction reads it.
  var recordingClock: any Clock<Duration> {
    func wrap<C: Clock<Duration>>(_ clock: C) -> any Clock<Duration> {
      SessionClock<C>(base: clock, start: clock.now, environment: self)
    }
    return wrap(clock)
  }
}
