#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The two clock readings a store takes around each reduction it times for the debugger:
/// the same system call on the same clock as Sluice's `ClockReading.now`, which is `package`
/// and so out of this package's reach. Benchmark 2 measures them beside the sends, as part
/// of what recording an action may cost.
///
/// - Returns: The nanoseconds between the two readings, so that neither can be dropped.
@inlinable
package func readClockTwice() -> UInt64 {
  #if canImport(Darwin)
    let start = clock_gettime_nsec_np(CLOCK_MONOTONIC_RAW)
    return clock_gettime_nsec_np(CLOCK_MONOTONIC_RAW) &- start
  #elseif canImport(Glibc) || canImport(Musl)
    // Each reading as `ClockReading.now` makes it: one integer of nanoseconds.
    func now() -> UInt64 {
      var time = timespec()
      clock_gettime(CLOCK_BOOTTIME, &time)
      return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }
    let start = now()
    return now() &- start
  #else
    let start = ContinuousClock.now
    return UInt64((ContinuousClock.now - start).components.attoseconds / 1_000_000_000)
  #endif
}
