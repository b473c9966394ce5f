/// A large state property kept in shared storage and copied only when written while shared:
/// copying the state (which the store, the debugger's history and observers all do) costs a
/// reference, whatever the size of the value.
///
/// ```swift
/// struct State: Equatable, Sendable {
///   @CopyOnWrite var catalogue: [Product] = []
/// }
/// ```
///
/// Two properties sharing storage are equal without comparing their values.
@propertyWrapper
public struct CopyOnWrite<Value> {
  private final class Storage {
    var value: Value
    init(_ value: Value) { self.value = value }
  }

  private var storage: Storage

  /// Wraps `wrappedValue`.
  public init(wrappedValue: Value) {
    storage = Storage(wrappedValue)
  }

  /// The value; writing it copies the storage first when another state shares it.
  public var wrappedValue: Value {
    get { storage.value }
    _modify {
      if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.value) }
      yield &storage.value
    }
    set {
      if isKnownUniquelyReferenced(&storage) {
        storage.value = newValue
      } else {
        storage = Storage(newValue)
      }
    }
  }

  /// The wrapper itself (`$catalogue`), to ask whether two states share the storage.
  public var projectedValue: Self { self }

  /// Whether `other` shares this property's storage (a copy not written since).
  public func sharesStorage(with other: Self) -> Bool { storage === other.storage }
}

extension CopyOnWrite: Equatable where Value: Equatable {
  /// Equal when sharing storage, else when the values are equal.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.storage === rhs.storage || lhs.wrappedValue == rhs.wrappedValue
  }
}

extension CopyOnWrite: Hashable where Value: Hashable {
  /// Hashes the value.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(wrappedValue)
  }
}

// The storage is written only through `wrappedValue`'s setter and `_modify`, after
// `isKnownUniquelyReferenced` proved no other copy can see it; a shared storage is only read.
// So a `Sendable` value stays safe to share across isolation domains, as a `Sendable` array's
// storage is.
extension CopyOnWrite: @unchecked Sendable where Value: Sendable {}

extension CopyOnWrite: Codable where Value: Codable {
  /// Decodes the value.
  public init(from decoder: any Decoder) throws {
    self.init(wrappedValue: try Value(from: decoder))
  }

  /// Encodes the value.
  public func encode(to encoder: any Encoder) throws {
    try wrappedValue.encode(to: encoder)
  }
}
