import Foundation

/// A JSON value as decoded strictly (JSONDecoder never takes `1` for `true`), for schema checks.
package indirect enum JSONTree: Decodable, Equatable, Sendable {
  case object([String: JSONTree])
  case array([JSONTree])
  case string(String)
  case integer(Int)
  case number(Double)
  case boolean(Bool)
  case null

  package init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .boolean(value)
    } else if let value = try? container.decode(Int.self) {
      self = .integer(value)
    } else if let value = try? container.decode(Double.self) {
      self = .number(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([JSONTree].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: JSONTree].self))
    }
  }

  package init(parsing text: String) throws {
    self = try JSONDecoder().decode(JSONTree.self, from: Data(text.utf8))
  }

  package subscript(_ key: String) -> JSONTree? {
    if case .object(let members) = self { members[key] } else { nil }
  }

  package var text: String? { if case .string(let text) = self { text } else { nil } }

  /// The element at `index` of an array; `nil` for anything else, or past its end.
  package subscript(_ index: Int) -> JSONTree? {
    if case .array(let elements) = self, elements.indices.contains(index) { elements[index] } else { nil }
  }

  /// The whole number it holds, if it is one.
  package var integer: Int? { if case .integer(let value) = self { value } else { nil } }
}

/// The part of JSON Schema the event schema and the Debug Adapter Protocol's use (`type`,
/// `const`, `enum`, `required`, `properties`, `additionalProperties: false`, `items`,
/// `oneOf`, `allOf`, local `$ref` into `$defs` or `definitions`), enough to hold every event
/// line to `Schemas/sluice-events.schema.json` and every message `sluice dap` sends to the
/// protocol's `debugProtocol.json`.
///
/// The published schema leaves its objects open, so that a reader of version 1 accepts a key
/// added later. Our own tests check a strict copy, in which every object with `properties`
/// is closed: every key we write must be declared.
package struct JSONSchemaCheck {
  package let root: JSONTree
  /// Whether an object with `properties` rejects keys it does not declare.
  package let isStrict: Bool

  package init(contentsOf url: URL, strict: Bool = true) throws {
    root = try JSONDecoder().decode(JSONTree.self, from: Data(contentsOf: url))
    isStrict = strict
  }

  /// The problems of `value` against the schema (empty when it conforms).
  package func problems(of value: JSONTree) -> [String] {
    problems(of: value, against: root, at: "$")
  }

  /// The problems of `value` against the definition `name` alone (`pageReply`: an envelope,
  /// which is no event).
  package func problems(of value: JSONTree, definition name: String) -> [String] {
    guard let definition = definitions?[name] else { return ["no definition \(name)"] }
    return problems(of: value, against: definition, at: "$")
  }

  /// The `event` names the schema defines.
  package var eventNames: Set<String> {
    guard case .object(let definitions)? = definitions else { return [] }
    return Set(definitions.values.compactMap { $0["properties"]?["event"]?["const"]?.text })
  }

  private func problems(of value: JSONTree, against schema: JSONTree, at path: String) -> [String] {
    if let reference = schema["$ref"]?.text {
      let name = reference.replacingOccurrences(of: "#/$defs/", with: "").replacingOccurrences(of: "#/definitions/", with: "")
      guard let target = definitions?[name] else { return ["\(path): no \(reference)"] }
      return problems(of: value, against: target, at: path)
    }
    if case .array(let parts)? = schema["allOf"] {
      // Each part holds on its own; the object's keys are checked by the part that lists
      // them, so no part closes the object to the others' keys.
      return parts.flatMap { problems(of: value, against: $0, at: path) }
    }
    if case .array(let options)? = schema["oneOf"] {
      let results = options.map { problems(of: value, against: $0, at: path) }
      let matching = results.filter(\.isEmpty).count
      if matching == 1 { return [] }
      // The closest option's problems say the most.
      return matching == 0 ? results.min { $0.count < $1.count } ?? [] : ["\(path): matches \(matching) options"]
    }
    var found: [String] = []
    if let expected = schema["const"], expected != value { found.append("\(path): is not \(expected)") }
    if case .array(let options)? = schema["enum"], !options.contains(value) {
      found.append("\(path): \(value) is not one of the allowed values")
    }
    if let type = schema["type"] {
      let types: [String] = if case .array(let names) = type { names.compactMap(\.text) } else { [type.text ?? ""] }
      if !types.contains(where: { Self.has(value, type: $0) }) { found.append("\(path): is not \(types)") }
    }
    if case .object(let members) = value {
      if case .array(let required)? = schema["required"] {
        for key in required.compactMap(\.text) where members[key] == nil { found.append("\(path): lacks \(key)") }
      }
      for (key, member) in members {
        if let property = schema["properties"]?[key] {
          found += problems(of: member, against: property, at: "\(path).\(key)")
        } else if schema["additionalProperties"] == .boolean(false) || (isStrict && schema["properties"] != nil) {
          found.append("\(path): has \(key), which the schema does not describe")
        }
      }
    }
    if case .array(let elements) = value, let items = schema["items"] {
      for (index, element) in elements.enumerated() { found += problems(of: element, against: items, at: "\(path)[\(index)]") }
    }
    return found
  }

  /// The schema's definitions: `$defs`, or `definitions` as older schemas name them.
  private var definitions: JSONTree? { root["$defs"] ?? root["definitions"] }

  private static func has(_ value: JSONTree, type: String) -> Bool {
    switch (type, value) {
    case ("object", .object), ("array", .array), ("string", .string), ("null", .null), ("boolean", .boolean),
      ("integer", .integer), ("number", .integer), ("number", .number):
      true
    default:
      false
    }
  }
}
