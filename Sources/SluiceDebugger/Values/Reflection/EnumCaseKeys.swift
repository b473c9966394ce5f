/// The case names of an enum type, learnt from its `Decodable` conformance: a mirror shows
/// only the current case, and `CaseIterable` is rare on enums with payloads.
///
/// Swift's synthesized `init(from:)` of an enum asks for a keyed container whose keys are
/// the case names (`CodingKeys`), before it reads anything: a decoder that stops there has
/// the key type, and `init?(stringValue:)` of it says whether a name is a case. Nothing is
/// decoded and no value is made. An enum decoded otherwise (from its raw value, or keyed by
/// names of its own) tells nothing: ``of(_:)`` is then `nil`.
package struct EnumCaseKeys: Sendable {
  /// The enum's coding keys.
  private let keys: any CodingKey.Type

  /// Characters a case name is made of, for the names `nearestCase(to:)` tries.
  private static let nameCharacters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")

  /// The case keys of `type`, when its decoding is keyed by its case names; `current`, the
  /// name of the case a value of it has now, must be one of them (else the keys are names
  /// of another kind, such as a discriminator's).
  package static func of(_ type: Any.Type, currentCase current: String? = nil) -> EnumCaseKeys? {
    let found = cache.value(for: type) { probe(type) }
    guard let found else { return nil }
    if let current, !found.hasCase(current) { return nil }
    return found
  }

  /// Whether the enum has a case named `name`.
  package func hasCase(_ name: String) -> Bool {
    keys.init(stringValue: name) != nil
  }

  /// The case one edit away from `name` (a letter added, dropped, changed, or two swapped),
  /// for "did you mean …?"; the keys cannot be listed, only asked about.
  package func nearestCase(to name: String) -> String? {
    let letters = Array(name)
    guard !letters.isEmpty, letters.count <= 64 else { return nil }
    var candidates: [String] = []
    for position in letters.indices {
      candidates.append(String(letters[..<position] + letters[(position + 1)...]))
      if position + 1 < letters.count {
        var swapped = letters
        swapped.swapAt(position, position + 1)
        candidates.append(String(swapped))
      }
    }
    for position in 0...letters.count {
      for character in Self.nameCharacters {
        candidates.append(String(letters[..<position] + [character] + letters[position...]))
        if position < letters.count {
          var changed = letters
          changed[position] = character
          candidates.append(String(changed))
        }
      }
    }
    return candidates.first { $0 != name && hasCase($0) }
  }

  private static let cache = TypeKeyedCache<EnumCaseKeys?>()

  /// Starts decoding `type` with a decoder that records the key type of the first keyed
  /// container asked for, and stops there.
  private static func probe(_ type: Any.Type) -> EnumCaseKeys? {
    guard let decodable = type as? any Decodable.Type else { return nil }
    let decoder = KeyProbe()
    _ = try? decodable.init(from: decoder)
    return decoder.keys.map(EnumCaseKeys.init(keys:))
  }
}

/// A decoder that answers nothing: it notes the key type of a keyed container and throws.
private final class KeyProbe: Decoder {
  var keys: (any CodingKey.Type)?
  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  /// Why the probe stopped decoding.
  struct Stop: Error {}

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    keys = type
    throw Stop()
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer { throw Stop() }

  func singleValueContainer() throws -> any SingleValueDecodingContainer { throw Stop() }
}
