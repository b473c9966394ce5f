/// Turning action text into actions in one step.
public enum ActionText {
  /// Parses `text` (Swift-like or JSON) and decodes it as a `T`.
  ///
  /// - Throws: `ActionTextError` when the text does not parse (with its column),
  ///   `LiteralDecodingError` when it parses but is not a valid `T` (with its path).
  public static func decode<T: Decodable>(_ type: T.Type, from text: String) throws -> T {
    let literal = try ActionTextParser().parse(text)
    return try LiteralDecoder().decode(type, from: literal)
  }
}
