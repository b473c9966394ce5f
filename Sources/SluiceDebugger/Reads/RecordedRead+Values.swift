import Foundation

extension RecordedRead {
  /// An id read as `uuid`, as the debugger records `@Dependency(\.uuid)` and
  /// ``FeatureEnvironment/uuid()``.
  public static func uuid(_ id: UUID) -> Self {
    .value("uuid", id)
  }

  /// A date read as `date`, as the debugger records `@Dependency(\.date)` and
  /// ``FeatureEnvironment/date()``.
  public static func date(_ date: Date) -> Self {
    .value("date", date)
  }

  /// A random number read as `random`, as the debugger records
  /// `@Dependency(\.withRandomNumberGenerator)` and ``FeatureEnvironment/randomNumber()``.
  public static func random(_ number: UInt64) -> Self {
    .value("random", number)
  }

  /// A clock's `now` read as `clock.now`: the time since the session started, as the
  /// debugger records a controlled clock's `now`.
  public static func clockNow(_ elapsed: Duration) -> Self {
    .value("clock.now", elapsed)
  }

  /// A value of the feature's own read as `name` (``FeatureEnvironment/recorded(_:_:)``),
  /// encoded as the debugger encodes what it records, so that it equals a recorded read of
  /// the same value. A value that cannot be encoded as JSON gives a read with no JSON text,
  /// which `TestStore.send(_:reading:assert:)` reports.
  public static func value(_ name: String, _ value: some Encodable) -> Self {
    RecordedRead(name: name, json: ReadTape.json(of: value) ?? "")
  }
}
