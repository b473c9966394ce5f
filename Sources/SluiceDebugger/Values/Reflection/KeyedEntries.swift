/// How two dictionaries of the same type differ, computed with hashing on the real
/// key type instead of reflecting over every entry.
struct KeyedDifferences {
  var removed: [(key: Any, value: Any)] = []
  var inserted: [(key: Any, value: Any)] = []
  /// Keys present on both sides whose values differ (or may differ, when the
  /// value type is not `Equatable`).
  var changed: [(key: Any, old: Any, new: Any)] = []
  /// Number of keys on both sides with equal values.
  var unchangedCount = 0
}

/// Dictionaries of any key and value type.
protocol KeyedEntries {
  var entryCount: Int { get }
  /// The differences to `other`, or `nil` if it is another type. `isEqual` compares
  /// two values when the value type is not `Equatable`.
  func differences(to other: Any, comparingValuesWith isEqual: (Any, Any) -> Bool) -> KeyedDifferences?
  /// The value for a key given as text: matched against `String` keys directly and
  /// against other keys by their description.
  func value(forKeyText key: String) -> Any?
  /// The value for an integer key (`scores[3]`).
  func value(forIntegerKey key: Int) -> Any?
  /// The value for a key written as a literal (`owners[UUID("…")]`, `modes[.dark]`): the
  /// literal decoded as the key type when that is `Decodable`, else compared with each key as
  /// a path prints it.
  func value(forKeyLiteral literal: String) -> Any?
  /// Descriptions of the keys, sorted, at most `limit` of them (for error messages).
  func keyDescriptions(limit: Int) -> [String]
}

extension Dictionary: KeyedEntries {
  var entryCount: Int { count }

  func differences(to other: Any, comparingValuesWith isEqual: (Any, Any) -> Bool) -> KeyedDifferences? {
    guard let other = other as? Self else { return nil }
    if let typed = self as? any EquatableValuedEntries {
      return typed.typedDifferences(to: other)
    }
    var result = KeyedDifferences()
    for (key, value) in self {
      if let newValue = other[key] {
        if isEqual(value, newValue) {
          result.unchangedCount += 1
        } else {
          result.changed.append((key, value, newValue))
        }
      } else {
        result.removed.append((key, value))
      }
    }
    for (key, value) in other where self[key] == nil {
      result.inserted.append((key, value))
    }
    return result
  }

  func value(forKeyText key: String) -> Any? {
    if let typedKey = key as? Key {
      return self[typedKey]
    }
    // A key matches by its description (`["E621E1F8-…"]` for a UUID) or as paths print it.
    return first { String(describing: $0.key) == key }?.value
      ?? first { ValueTree.pathComponent(forKey: ValueTree(reflecting: $0.key)) == .key(key) }?.value
  }

  func value(forKeyLiteral literal: String) -> Any? {
    if let keyType = Key.self as? any Decodable.Type, let parsed = try? ActionTextParser().parse(literal),
      let key = try? LiteralDecoder().decode(keyType, from: parsed) as? Key
    {
      return self[key]
    }
    return first { ValueTree.pathComponent(forKey: ValueTree(reflecting: $0.key)) == .literalKey(literal) }?.value
  }

  func value(forIntegerKey key: Int) -> Any? {
    if let typedKey = key as? Key {
      return self[typedKey]
    }
    return first { String(describing: $0.key) == String(key) }?.value
  }

  func keyDescriptions(limit: Int) -> [String] {
    keys.map { key in
      if let text = key as? String { return SwiftStringEscaping.quoted(text) }
      // As the dictionary prints it, which a path's subscript accepts: `UUID("…")`, `.dark`.
      return ValueTree(reflecting: key).compactDescription
    }.sorted().prefix(limit).map { $0 }
  }
}

/// Dictionaries whose values are `Equatable`: values compare with a specialised `==`.
protocol EquatableValuedEntries {
  func typedDifferences(to other: Any) -> KeyedDifferences?
}

extension Dictionary: EquatableValuedEntries where Value: Equatable {
  func typedDifferences(to other: Any) -> KeyedDifferences? {
    guard let other = other as? Self else { return nil }
    var result = KeyedDifferences()
    for (key, value) in self {
      if let newValue = other[key] {
        if value == newValue {
          result.unchangedCount += 1
        } else {
          result.changed.append((key, value, newValue))
        }
      } else {
        result.removed.append((key, value))
      }
    }
    for (key, value) in other where self[key] == nil {
      result.inserted.append((key, value))
    }
    return result
  }
}
