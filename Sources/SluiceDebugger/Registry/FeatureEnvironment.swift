import Foundation
import Sluice

/// What a registered feature is given to build its reducer and middleware: the session's
/// clock, so its own sleeps and the store's timed effects share one notion of time, and the
/// session's sources of dates, ids and random numbers, whose values the debugger records
/// with the action that read them (see ``Sluice/Reducer/recordingReads(in:)``).
public struct FeatureEnvironment: Sendable {
  /// The session's clock: real time, or virtual time moved by `advance`.
  public let clock: any Clock<Duration>
  /// Where reads are recorded and replayed.
  package let tape: ReadTape
  /// The date at the clock's start: now on real time; on virtual time, a fixed date
  /// (2001-01-01 00:00:00 UTC), so that a script's dates are the same on every run.
  public let startDate: Date
  /// Time on `clock` since the session started.
  private let elapsed: @Sendable () -> Duration

  /// The date a session on virtual time starts at: 2001-01-01 00:00:00 UTC, the same on
  /// every run. A test store of a registered feature starts there too, so that it reads the
  /// dates, ids and random numbers a virtual-time session reads.
  package static let virtualStartDate = Date(timeIntervalSinceReferenceDate: 0)

  /// Creates an environment on `clock`, starting now; the dates it gives follow `clock`
  /// from `startDate`.
  public init(clock: any Clock<Duration>, startDate: Date = Date()) {
    self.init(clock: clock, startDate: startDate, tape: ReadTape())
  }

  package init(clock: any Clock<Duration>, startDate: Date, tape: ReadTape) {
    self.clock = clock
    self.startDate = startDate
    self.tape = tape
    elapsed = Self.elapsedTime(on: clock)
  }

  private static func elapsedTime<C: Clock<Duration>>(on clock: C) -> @Sendable () -> Duration {
    let start = clock.now
    return { start.duration(to: clock.now) }
  }

  // MARK: - Recorded reads

  /// The value of `live()`, recorded under `name` with the action being reduced, and on
  /// replay the value recorded then, read back as the same type.
  ///
  /// Use it for any value a reducer reads that running it again would not give again: the
  /// date, an id, a random number, a value from a cache or a global. Only reads made while
  /// a reduction of a reducer wrapped by ``Sluice/Reducer/recordingReads(in:)`` runs are
  /// recorded; elsewhere (a job, a middleware) this is `live()`.
  public func recorded<Value: Codable>(_ name: String, _ live: () -> Value) -> Value {
    tape.read(name, live: live)
  }

  /// The date now on the session's clock: ``startDate`` plus the time the clock has moved;
  /// recorded as `date`.
  public func date() -> Date {
    recorded("date") { startDate.addingTimeInterval(Self.seconds(elapsed())) }
  }

  /// The next of the session's ids, counting up from `00000000-0000-0000-0000-000000000000`
  /// as swift-dependencies' incrementing generator does; recorded as `uuid`.
  public func uuid() -> UUID {
    recorded("uuid") { Self.uuid(number: tape.draw("uuid")) }
  }

  /// The next of the session's random numbers: the same sequence on every run, from a fixed
  /// seed; recorded as `random`.
  public func randomNumber() -> UInt64 {
    recorded("random") { Self.splitMix(tape.draw("random")) }
  }

  static func seconds(_ duration: Duration) -> TimeInterval {
    let (seconds, attoseconds) = duration.components
    return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
  }

  static func uuid(number: UInt64) -> UUID {
    let hex = String(number, radix: 16, uppercase: true)
    let padded = String(repeating: "0", count: max(0, 12 - hex.count)) + hex
    return UUID(uuidString: "00000000-0000-0000-0000-\(padded.suffix(12))")!
  }

  /// SplitMix64's output for the `number`-th state: a good 64-bit random number from a
  /// counter, so the n-th number needs no generator state.
  static func splitMix(_ number: UInt64) -> UInt64 {
    var z = (number &+ 1) &* 0x9E37_79B9_7F4A_7C15
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
