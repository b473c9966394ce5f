/// A state property tools never show: the debugger prints it, diffs it, finds in it, watches
/// it and saves it as `‹redacted›`, and so do `print`, `dump` and string interpolation of the
/// wrapper. For a token, a password, a card number.
///
/// ```swift
/// struct State: Equatable, Sendable, Codable {
///   var user = ""
///   @Secret var token = ""
/// }
/// ```
///
/// Equality, hashing and `Codable` are the wrapped value's, so the program's own persistence
/// is unchanged; only an encoder the debugger marks (its session files) gets the mask. The
/// debugger refuses to set, watch or break on a secret path, and no command turns masking off.
@propertyWrapper
public struct Secret<Value> {
  /// The value.
  public var wrappedValue: Value

  /// Wraps `wrappedValue`.
  public init(wrappedValue: Value) {
    self.wrappedValue = wrappedValue
  }
}

extension Secret: Equatable where Value: Equatable {}
extension Secret: Hashable where Value: Hashable {}
extension Secret: Sendable where Value: Sendable {}

extension Secret: Codable where Value: Codable {
  /// Decodes the value.
  public init(from decoder: any Decoder) throws {
    wrappedValue = try Value(from: decoder)
  }

  /// Encodes the value; to an encoder the debugger marks (for its session files), the mask
  /// instead.
  public func encode(to encoder: any Encoder) throws {
    if encoder.userInfo[SecretMask.masksSecrets] as? Bool == true {
      var container = encoder.singleValueContainer()
      try container.encode(SecretMask.text)
    } else {
      try wrappedValue.encode(to: encoder)
    }
  }
}

extension Secret: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
  /// The mask, `‹redacted›`.
  public var description: String { SecretMask.text }

  /// The mask, `‹redacted›`.
  public var debugDescription: String { SecretMask.text }

  /// A mirror with no children, so reflection (`dump`, the debugger) sees a leaf that prints
  /// as the mask.
  public var customMirror: Mirror { Mirror(self, unlabeledChildren: [Any]()) }
}

extension Secret: RedactedValue {}

/// A value whose contents tools must not show: ``Secret`` conforms. The debugger's
/// reflection tests for it to mask the value wherever it appears.
package protocol RedactedValue {}

/// What a secret becomes when shown or saved.
package enum SecretMask {
  /// The text shown, and the JSON string saved, in place of a secret.
  package static let text = "‹redacted›"

  /// Set to `true` in an encoder's `userInfo` to have ``Secret`` encode the mask.
  package static let masksSecrets = CodingUserInfoKey(rawValue: "sluice.masksSecrets")!
}
