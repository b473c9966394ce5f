#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A reading of the continuous clock in whole nanoseconds: what a store takes just before
/// and just after each reduction it times for a monitor or the debugger.
///
/// `ContinuousClock.now` builds a `Duration` from the reading, 128-bit arithmetic that cost
/// more than the reduction it timed; this is the same system clock (the one
/// `ContinuousClock` reads on each platform) as one integer, and a duration is made only
/// from the difference of two readings.
@frozen
@usableFromInline
package struct ClockReading: Comparable, Sendable {
  /// Nanoseconds since an arbitrary, fixed point (the system's boot, on Linux).
  @usableFromInline package let nanoseconds: UInt64

  @inlinable
  package init(nanoseconds: UInt64) {
    self.nanoseconds = nanoseconds
  }

  /// The clock now.
  @inlinable
  package static var now: ClockReading {
    #if canImport(Darwin)
      return ClockReading(nanoseconds: clock_gettime_nsec_np(CLOCK_MONOTONIC_RAW))
    #elseif canImport(Glibc) || canImport(Musl)
      var time = timespec()
      clock_gettime(CLOCK_BOOTTIME, &time)
      return ClockReading(nanoseconds: UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec))
    #else
      return ClockReading(sinceReference: reference.duration(to: .now))
    #endif
  }

  #if !canImport(Darwin) && !canImport(Glibc) && !canImport(Musl)
    /// Where readings count from on a platform without a clock call of its own.
    @usableFromInline static let reference = ContinuousClock.now

    @usableFromInline
    init(sinceReference elapsed: Duration) {
      let (seconds, attoseconds) = elapsed.components
      nanoseconds = UInt64(seconds) &* 1_000_000_000 &+ UInt64(attoseconds / 1_000_000_000)
    }
  #endif

  /// Whole nanoseconds from this reading to a later one; 0 if `later` is not later.
  @inlinable
  package func nanoseconds(to later: ClockReading) -> UInt64 {
    later.nanoseconds >= nanoseconds ? later.nanoseconds &- nanoseconds : 0
  }

  /// The time from this reading to a later one.
  @inlinable
  package func duration(to later: ClockReading) -> Duration {
    .nanoseconds(Int64(clamping: nanoseconds(to: later)))
  }

  @inlinable
  package static func < (lhs: ClockReading, rhs: ClockReading) -> Bool {
    lhs.nanoseconds < rhs.nanoseconds
  }
}
