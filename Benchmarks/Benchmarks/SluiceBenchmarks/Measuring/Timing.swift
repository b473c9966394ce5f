/// Nanoseconds per operation of `body`, which performs `operations` operations.
@inline(__always)
func nanosecondsPerOperation(_ operations: Int, _ body: () throws -> Void) rethrows -> Double {
  let start = ContinuousClock.now
  try body()
  let elapsed = ContinuousClock.now - start
  let (seconds, attoseconds) = elapsed.components
  return (Double(seconds) * 1e9 + Double(attoseconds) / 1e9) / Double(operations)
}

/// Operations per second, from nanoseconds per operation.
func perSecond(_ nanoseconds: Double) -> Double { 1e9 / nanoseconds }
