import Dependencies
import Foundation
import Sluice
import SluiceDebugger
import SluiceDependencies

/// A program's reducer that records, with each action, the dependency values it reads, for
/// a debugger that adopts its store (`sluice attach`, the agent's flight recorder): made by
/// ``Sluice/Reducer/recordingDependencies()``.
///
/// The reducer runs on the program's own values; they are read live, never replaced. While
/// no session takes the reads, a reduction is the base reducer's alone: no values are
/// wrapped and nothing is encoded. This is the store's send path, which is tuned: keep speed
/// work here and in the recorder, and measure it with `Scripts/bench`.
public struct RecordingDependencies<Base: Reducer>: Reducer {
  /// The program's reducer.
  public let base: Base
  /// Where the reads of every program's store go.
  let tape: ReadTape
  /// The program's clocks' `now` when first read, which recorded times are offsets from.
  let clockStarts = ClockStarts()

  /// Records on `tape`: the production tape, which adopting sessions take reads from, but
  /// for tests of the type itself.
  package init(base: Base, tape: ReadTape = .production) {
    self.base = base
    self.tape = tape
    tape.noteUse()
  }

  /// Reduces with the live dependency values wrapped so that what the reduction reads is
  /// recorded, when a session takes the reads; otherwise as `base` alone.
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    guard tape.isConsumed else { return base.reduce(into: &state, action: action) }
    tape.beginReduction(owner: ObjectIdentifier(Base.State.self))
    defer { tape.endReduction() }
    return withDependencies { values in
      let environment = tape === ReadTape.production ? FeatureEnvironment.production : FeatureEnvironment(tape: tape)
      let date = values.date
      let uuid = values.uuid
      let random = values.withRandomNumberGenerator
      values.date = DateGenerator { environment.recorded("date") { date.now } }
      values.uuid = UUIDGenerator { environment.recorded("uuid") { uuid() } }
      values.withRandomNumberGenerator = WithRandomNumberGenerator(RecordedRandomNumbers(live: random, environment: environment))
      values.continuousClock = clockStarts.recording(values.continuousClock, in: environment)
      values.suspendingClock = clockStarts.recording(values.suspendingClock, in: environment)
    } operation: {
      base.reduce(into: &state, action: action)
    }
  }
}

extension Reducer {
  /// This reducer, for the program's own store: the dependency values it reads (`date`,
  /// `uuid`, `withRandomNumberGenerator`, the `now` of `continuousClock` and
  /// `suspendingClock`) are the program's live ones, and each is recorded with its action,
  /// under the names a feature registered with `controlled(by:)` reads them by, for the
  /// agent's history and flight recorder. A recording, or a `save` from `sluice attach`,
  /// then loads in the user's debugger and replays to the states the program had.
  ///
  /// ```swift
  /// let store = Store(initialState: OrderBook.State(), reducer: OrderBook().recordingDependencies())
  /// try agent.attach(store, as: "orders", feature: "order-book")
  /// ```
  ///
  /// Cheap enough to leave on: until a session adopts the store, a reduction costs one
  /// check more than the reducer alone. Values read through dependencies of the program's own
  /// are recorded when it reads them through ``ProgramReads/recorded(_:_:)``. Jobs read
  /// live values, unrecorded: they do not run again on replay.
  public func recordingDependencies() -> RecordingDependencies<Self> {
    RecordingDependencies(base: self)
  }

}

/// Values a program's store reads that a debugger cannot compute again, beyond the dates,
/// ids, random numbers and clocks ``Sluice/Reducer/recordingDependencies()`` records.
public enum ProgramReads {
  /// The value of `live()`, recorded under `name` when a reduction of a store built with
  /// ``Sluice/Reducer/recordingDependencies()`` reads it for a session, and given back on
  /// replay; elsewhere `live()`, unrecorded. The program's counterpart of
  /// ``SluiceDebugger/FeatureEnvironment/recorded(_:_:)``: give a value (a price, a stock
  /// level) the name the hosted registration records it by, and a recording replays there.
  ///
  /// ```swift
  /// let stock = ProgramReads.recorded("inventory.stock") { inventory.stock(of: item) }
  /// ```
  public static func recorded<Value: Codable>(_ name: String, _ live: () -> Value) -> Value {
    FeatureEnvironment.production.recorded(name, live)
  }
}

/// A program's random numbers, each `next()` recorded as `random`.
struct RecordedRandomNumbers: RandomNumberGenerator, Sendable {
  let live: WithRandomNumberGenerator
  let environment: FeatureEnvironment

  mutating func next() -> UInt64 {
    environment.recorded("random") { live { $0.next() } }
  }
}

/// The `now` of each of a program's clocks when a reduction first read it: its clock's
/// `clock.now` reads are recorded as the time since then, as a session records the time
/// since it started.
///
/// `@unchecked Sendable` is safe here: `starts` is read and written only while `lock` is
/// held.
final class ClockStarts: @unchecked Sendable {
  private let lock = NSLock()
  private var starts: [ObjectIdentifier: any Sendable] = [:]

  /// `clock`, its `now` recorded (the session's clock, on the program's clock).
  func recording(_ clock: any Clock<Duration>, in environment: FeatureEnvironment) -> any Clock<Duration> {
    func wrap<C: Clock<Duration>>(_ clock: C) -> any Clock<Duration> {
      SessionClock<C>(base: clock, start: start(of: clock), environment: environment)
    }
    return wrap(clock)
  }

  private func start<C: Clock<Duration>>(of clock: C) -> C.Instant {
    lock.withLock {
      if let start = starts[ObjectIdentifier(C.self)] as? C.Instant { return start }
      let start = clock.now
      starts[ObjectIdentifier(C.self)] = start
      return start
    }
  }
}

extension FeatureEnvironment {
  /// The environment of programs' own stores: its reads go to the production tape.
  static let production = FeatureEnvironment(tape: .production)

  /// An environment whose reads go to `tape`; its clock and start date are not used.
  init(tape: ReadTape) {
    self.init(clock: ContinuousClock(), startDate: Date(), tape: tape)
  }
}
