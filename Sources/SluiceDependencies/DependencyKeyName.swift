import Dependencies
import Foundation

/// The name of a dependency key, from its key path: `\DependencyValues.uuid` is `uuid`.
///
/// A key path describes itself (`\DependencyValues.uuid`) only where the runtime can find
/// the name of its property's getter: on Linux, swift-dependencies' keys are computed
/// properties that describe as `\DependencyValues.<computed 0x… (UUIDGenerator)>`. So the
/// library's own keys are found by comparing key paths, and a key neither way names is named
/// by its value's type: `a key of type InventoryClient`.
enum DependencyKeyName {
  /// The name of the key at `keyPath`.
  static func of<Value>(_ keyPath: any WritableKeyPath<DependencyValues, Value> & Sendable) -> String {
    let described = String(describing: keyPath)
    let prefix = #"\DependencyValues."#
    if described.hasPrefix(prefix), !described.contains("<computed") {
      return String(described.dropFirst(prefix.count))
    }
    let erased: AnyKeyPath = keyPath
    return known.first { $0.keyPath == erased }?.name ?? "a key of type \(Value.self)"
  }

  /// swift-dependencies' own keys, by name. (Computed: a key path is not `Sendable`, so it
  /// cannot be a stored static.)
  private static var known: [(keyPath: AnyKeyPath, name: String)] {
    [
      (\DependencyValues.uuid, "uuid"), (\DependencyValues.date, "date"),
      (\DependencyValues.continuousClock, "continuousClock"), (\DependencyValues.suspendingClock, "suspendingClock"),
      (\DependencyValues.withRandomNumberGenerator, "withRandomNumberGenerator"),
      (\DependencyValues.calendar, "calendar"), (\DependencyValues.locale, "locale"),
      (\DependencyValues.timeZone, "timeZone"), (\DependencyValues.urlSession, "urlSession"),
      (\DependencyValues.context, "context"),
    ]
  }
}
