import Foundation
import SluiceDebugger

/// A JSON value whose objects keep their keys in the order written, so every event line
/// starts with `"event"`. Strings are escaped as `JSONSerialization` escapes them, so every
/// line it writes is valid JSON whatever the text holds.
package indirect enum JSONValue: Sendable, Equatable {
  /// A string.
  case string(String)
  /// A whole number.
  case integer(Int)
  /// A number with a fraction.
  case number(Double)
  /// `true` or `false`.
  case boolean(Bool)
  /// `null`.
  case null
  /// An array.
  case array([JSONValue])
  /// An object, keys in order.
  case object([(String, JSONValue)])
  /// JSON text written as it is, already valid: a request's id echoed as the client spelled it.
  case verbatim(String)

  /// Equal when they serialize the same.
  package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    lhs.serialized == rhs.serialized
  }

  /// The value as compact JSON text on one line.
  package var serialized: String {
    var bytes: [UInt8] = []
    write(to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends the value as compact JSON text on one line, as UTF-8: what every writer of
  /// JSON in Sluice goes through, events and traces alike.
  package func write(to bytes: inout [UInt8]) {
    switch self {
    case .string(let string):
      Self.appendQuoted(string, to: &bytes)
    case .integer(let value):
      bytes.append(contentsOf: String(value).utf8)
    case .number(let value):
      // JSON has no NaN or infinity.
      bytes.append(contentsOf: (value.isFinite ? String(value) : "null").utf8)
    case .boolean(let value):
      bytes.append(contentsOf: (value ? "true" : "false").utf8)
    case .null:
      bytes.append(contentsOf: "null".utf8)
    case .verbatim(let json):
      bytes.append(contentsOf: json.utf8)
    case .array(let elements):
      bytes.append(UInt8(ascii: "["))
      for (offset, element) in elements.enumerated() {
        if offset > 0 { bytes.append(UInt8(ascii: ",")) }
        element.write(to: &bytes)
      }
      bytes.append(UInt8(ascii: "]"))
    case .object(let members):
      bytes.append(UInt8(ascii: "{"))
      for (offset, member) in members.enumerated() {
        if offset > 0 { bytes.append(UInt8(ascii: ",")) }
        Self.appendQuoted(member.0, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        member.1.write(to: &bytes)
      }
      bytes.append(UInt8(ascii: "}"))
    }
  }

  /// Appends `string` as a JSON string: quotes, backslashes and control characters escaped
  /// (as `JSONSerialization` escapes them, `/` left alone), so the text never holds a line
  /// break; everything else as it is, in UTF-8.
  private static func appendQuoted(_ string: String, to bytes: inout [UInt8]) {
    bytes.append(UInt8(ascii: "\""))
    for byte in string.utf8 {
      switch byte {
      case UInt8(ascii: "\""): bytes.append(contentsOf: #"\""#.utf8)
      case UInt8(ascii: "\\"): bytes.append(contentsOf: #"\\"#.utf8)
      case UInt8(ascii: "\n"): bytes.append(contentsOf: #"\n"#.utf8)
      case UInt8(ascii: "\r"): bytes.append(contentsOf: #"\r"#.utf8)
      case UInt8(ascii: "\t"): bytes.append(contentsOf: #"\t"#.utf8)
      case 0x08: bytes.append(contentsOf: #"\b"#.utf8)
      case 0x0C: bytes.append(contentsOf: #"\f"#.utf8)
      case 0..<0x20:
        bytes.append(contentsOf: #"\u00"#.utf8)
        bytes.append(hexDigits[Int(byte >> 4)])
        bytes.append(hexDigits[Int(byte & 0xF)])
      default:
        bytes.append(byte)
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }

  private static let hexDigits = Array("0123456789abcdef".utf8)
}
