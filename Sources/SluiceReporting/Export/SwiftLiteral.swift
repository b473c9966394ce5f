import Foundation
import SluiceDebugger

/// Values written as Swift expressions, for code a person reads and the compiler builds (a
/// test exported from a session): `CartItem(id: "tea", quantity: 2)`, `.paid(receiptID:
/// "R-1")`, `[1, 2]`, `["a": 1]`, `nil`, `UUID(uuidString: "…")!`,
/// `Date(timeIntervalSinceReferenceDate: 0)`.
///
/// An expression is written for a place whose type is known (an assignment to a state path,
/// an action sent): enum cases are implicit members, sets are array literals. A struct is
/// written as a call of its memberwise initializer, with its stored properties in order. A
/// part the value tree did not expand cannot be written: the whole value is then `nil`.
package enum SwiftLiteral {
  /// The width a line is kept within; a value that would pass it is laid out a part a line.
  package static let lineWidth = 110

  /// `tree` as Swift, starting at `column` of a line whose statement starts at `indent`: on
  /// that line when it fits, else with each part on a line of its own, two spaces in from
  /// `indent`; `nil` when part of it cannot be written.
  package static func expression(for tree: ValueTree, startingAt column: Int = 0, indent: Int = 0) -> String? {
    guard let line = oneLine(tree) else { return nil }
    if column + line.count <= lineWidth { return line }
    return laidOut(tree, indent: indent)
  }

  // MARK: - One line

  /// `tree` as Swift on one line, however long; `nil` when part of it cannot be written.
  package static func oneLine(_ tree: ValueTree) -> String? {
    switch tree {
    case .scalar(let typeName, let text):
      return scalar(typeName: typeName, text: text)
    case .optional(let wrapped):
      guard let wrapped else { return "nil" }
      return oneLine(wrapped)
    case .structure(let typeName, let fields):
      guard let arguments = arguments(fields) else { return nil }
      return typeName + "(" + arguments.joined(separator: ", ") + ")"
    case .enumCase(_, let name, let payload):
      guard !payload.isEmpty else { return "." + name }
      guard let arguments = arguments(payload) else { return nil }
      return "." + name + "(" + arguments.joined(separator: ", ") + ")"
    case .tuple(let fields):
      guard let arguments = arguments(fields) else { return nil }
      return "(" + arguments.joined(separator: ", ") + ")"
    case .collection(_, _, let elements):
      let written = elements.map(oneLine)
      guard written.allSatisfy({ $0 != nil }) else { return nil }
      return "[" + written.map { $0! }.joined(separator: ", ") + "]"
    case .dictionary(_, let entries):
      guard !entries.isEmpty else { return "[:]" }
      var written: [String] = []
      for entry in entries {
        guard let key = oneLine(entry.key), let value = oneLine(entry.value) else { return nil }
        written.append(key + ": " + value)
      }
      return "[" + written.joined(separator: ", ") + "]"
    case .omitted:
      return nil
    }
  }

  private static func arguments(_ fields: [ValueTree.Field]) -> [String]? {
    var written: [String] = []
    for field in fields {
      guard let value = oneLine(field.value) else { return nil }
      written.append(field.label.map { $0 + ": " + value } ?? value)
    }
    return written
  }

  /// A leaf as Swift: numbers, booleans and strings as they print; the Foundation values
  /// Sluice prints as `Date("…")`, `UUID("…")`, `URL("…")` and `Data("…")` through their
  /// initializers.
  private static func scalar(typeName: String, text: String) -> String? {
    guard let argument = FoundationCall(text) else {
      switch text {
      case "nan": return ".nan"
      case "inf": return ".infinity"
      case "-inf": return "-.infinity"
      default: return text
      }
    }
    switch argument.function {
    case "Date":
      guard let date = FoundationLiterals.date(from: argument.value) else { return nil }
      return "Date(timeIntervalSinceReferenceDate: \(date.timeIntervalSinceReferenceDate))"
    case "UUID": return "UUID(uuidString: \(argument.quoted))!"
    case "URL": return "URL(string: \(argument.quoted))!"
    case "Data": return "Data(base64Encoded: \(argument.quoted))!"
    default: return text
    }
  }

  // MARK: - Laid out

  /// `tree` with each part on a line of its own, indented two spaces in from `indent`.
  package static func laidOut(_ tree: ValueTree, indent: Int) -> String? {
    let inner = String(repeating: " ", count: indent + 2)
    let closing = String(repeating: " ", count: indent)
    func block(_ opening: String, _ parts: [String], _ close: String) -> String {
      opening + "\n" + parts.map { inner + $0 }.joined(separator: ",\n") + "\n" + closing + close
    }
    func fieldParts(_ fields: [ValueTree.Field]) -> [String]? {
      var parts: [String] = []
      for field in fields {
        let label = field.label.map { $0 + ": " } ?? ""
        guard let value = expression(for: field.value, startingAt: indent + 2 + label.count, indent: indent + 2)
        else { return nil }
        parts.append(label + value)
      }
      return parts
    }
    switch tree {
    case .structure(let typeName, let fields) where !fields.isEmpty:
      return fieldParts(fields).map { block(typeName + "(", $0, ")") }
    case .enumCase(_, let name, let payload) where !payload.isEmpty:
      return fieldParts(payload).map { block("." + name + "(", $0, ")") }
    case .tuple(let fields) where !fields.isEmpty:
      return fieldParts(fields).map { block("(", $0, ")") }
    case .collection(_, _, let elements) where !elements.isEmpty:
      var parts: [String] = []
      for element in elements {
        guard let value = expression(for: element, startingAt: indent + 2, indent: indent + 2) else { return nil }
        parts.append(value)
      }
      return block("[", parts, "]")
    case .dictionary(_, let entries) where !entries.isEmpty:
      var parts: [String] = []
      for entry in entries {
        guard let key = oneLine(entry.key),
          let value = expression(for: entry.value, startingAt: indent + 4 + key.count, indent: indent + 2)
        else { return nil }
        parts.append(key + ": " + value)
      }
      return block("[", parts, "]")
    case .optional(let wrapped?):
      return laidOut(wrapped, indent: indent)
    default:
      return oneLine(tree)
    }
  }
}

/// `Date("2001-01-01T00:00:00Z")` read as the function and its one string argument.
private struct FoundationCall {
  let function: String
  /// The argument's text, unescaped.
  let value: String
  /// The argument as it was written, quotes and escapes included.
  let quoted: String

  init?(_ text: String) {
    guard let open = text.firstIndex(of: "("), text.hasSuffix(")") else { return nil }
    let function = String(text[..<open])
    guard ["Date", "UUID", "URL", "Data"].contains(function) else { return nil }
    let quoted = String(text[text.index(after: open)..<text.index(before: text.endIndex)])
    guard quoted.hasPrefix("\""), quoted.hasSuffix("\""), quoted.count >= 2 else { return nil }
    self.function = function
    self.quoted = quoted
    // The strings these print are ISO dates, UUIDs, URLs and base64: no escapes to undo but
    // those a URL may hold, which stay as written in `quoted`.
    value = String(quoted.dropFirst().dropLast())
  }
}
