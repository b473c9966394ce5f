import SluiceDebugger

/// The session's random numbers as a generator: each `next()` is
/// ``SluiceDebugger/FeatureEnvironment/randomNumber()``, recorded as `random`.
struct SessionRandomNumbers: RandomNumberGenerator, Sendable {
  let environment: FeatureEnvironment

  mutating func next() -> UInt64 {
    environment.randomNumber()
  }
}
