import Foundation
import SluiceDebugger

/// A JSON value whose objects keep their keys in the order written, so every event line
/// starts with `"event"`. Strings are escaped by `JSONSerialization`, so every line it
/// writes is valid JSON whatever the text holds.
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
    var text = ""
    write(to: &text)
    return text
  }

  private func write(to text: inout String) {
    switch self {
    case .string(let string):
      text += Self.quoted(string)
    case .integer(let value):
      text += String(value)
    case .number(let value):
      // JSON has no NaN or infinity.
      text += value.isFinite ? String(value) : "null"
    case .boolean(let value):
      text += value ? "true" : "false"
    case .null:
      text += "null"
    case .verbatim(let json):
      text += json
    case .array(let elements):
      text += "["
      for (offset, element) in elements.enumerated() {
        if offset > 0 { text += "," }
        element.write(to: &text)
      }
      text += "]"
    case .object(let members):
      text += "{"
      for (offset, member) in members.enumerated() {
        if offset > 0 { text += "," }
        text += Self.quoted(member.0) + ":"
        member.1.write(to: &text)
      }
      text += "}"
    }
  }

  private static func quoted(_ string: String) -> String {
    // A top-level string fragment; JSONSerialization escapes quotes, backslashes and
    // control characters, and never writes a newline inside it.
    guard
      let data = try? JSONSerialization.data(
        withJSONObject: string, options: [.fragmentsAllowed, .withoutEscapingSlashes]),
      let quoted = String(data: data, encoding: .utf8)
    else {
      return "\"\""
    }
    return quoted
  }
}
