/// Decodes any `Decodable` value from an `ActionLiteral`, following the format
/// Swift synthesizes for `Codable`.
///
/// - A struct is a keyed container of its properties: `(name: "A", age: 3)` or
///   `Person(name: "A", age: 3)`.
/// - An enum case is a one-key container: `.add(title: "Milk", priority: 2)` reads
///   as `{"add": {"title": "Milk", "priority": 2}}`; unlabeled payloads are `_0`,
///   `_1`, …; `.increment` and `increment` read as `{"increment": {}}`.
/// - Arrays and sets read array literals; dictionaries read dictionary literals with
///   string or integer keys (other keys as alternating key/value arrays).
/// - Integers are range-checked per type; `Date` (ISO 8601), `URL` and `UUID` read strings.
///
/// Every failure becomes a `LiteralDecodingError` naming the path and the problem.
package struct LiteralDecoder: Sendable {
  /// Values passed to `Decodable` types through `Decoder.userInfo`.
  package var userInfo: [CodingUserInfoKey: any Sendable]

  /// Creates a decoder.
  package init(userInfo: [CodingUserInfoKey: any Sendable] = [:]) {
    self.userInfo = userInfo
  }

  /// Decodes a `T` from `literal`.
  package func decode<T: Decodable>(_ type: T.Type, from literal: ActionLiteral) throws(LiteralDecodingError)
    -> T
  {
    let context = LiteralDecodingContext(root: literal, userInfo: userInfo)
    defer { context.forgetArguments() }
    let decoder = LiteralValueDecoder(
      literal: literal, role: .value, parent: nil, key: nil, context: context, expectedType: type)
    do {
      let value = try decoder.decode(type)
      if let unread = context.unreadArgumentError() { throw unread }
      return value
    } catch {
      throw context.convert(error)
    }
  }
}
