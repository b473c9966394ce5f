import Foundation

/// A JSON value as decoded strictly (JSONDecoder never takes `1` for `true`), for schema checks.
indirect enum JSONTree: Decodable, Equatable {
  case object([String: JSONTree])
  case array([JSONTree])
  case string(String)
  case integer(Int)
  case number(Double)
  case boolean(Bool)
  case null

  init(from decoder: any Decoder) throws {
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

  init(parsing text: String) throws {
    self = try JSONDecoder().decode(JSONTree.self, from: Data(text.utf8))
  }

  subscript(_ key: String) -> JSONTree? {
    if case .object(let members) = self { members[key] } else { nil }
  }

  var text: String? { if case .string(let text) = self { text } else { nil } }
}

/// The part of JSON Schema the event schema uses (`type`, `const`, `enum`, `required`,
/// `properties`, `additionalProperties: false`, `items`, `oneOf`, local `$ref`), enough to
/// hold every event line to `Schemas/sluice-events.schema.json`.
///
/// The published schema leaves its objects open, so that a reader of version 1 accepts a key
/// added later. Our own tests check a strict copy, in which every object with `properties`
/// is closed: every key we write must be declared.
struct JSONSchemaCheck {
  let root: JSONTree
  /// Whether an object with `properties` rejects keys it does not declare.
  let isStrict: Bool

  init(contentsOf url: URL, strict: Bool = true) throws {
    root = try JSONDecoder().decode(JSONTree.self, from: Data(contentsOf: url))
    isStrict = strict
  }

  /// The problems of `value` against the schema (empty when it conforms).
  func problems(of value: JSONTree) -> [String] {
    problems(of: value, against: root, at: "$")
  }

  /// The problems of `value` against the definition `name` alone (`pageReply`: an envelope,
  /// which is no event).
  func problems(of value: JSONTree, definition name: String) -> [String] {
    guard let definition = root["$defs"]?[name] else { return ["no definition \(name)"] }
    return problems(of: value, against: definition, at: "$")
  }

  /// The `event` names the schema defines.
  var eventNames: Set<String> {
    guard case .object(let definitions)? = root["$defs"] else { return [] }
    return Set(definitions.values.compactMap { $0["properties"]?["event"]?["const"]?.text })
  }

  private func problems(of value: JSONTree, against schema: JSONTree, at path: String) -> [String] {
    if let reference = schema["$ref"]?.text {
      let name = reference.replacingOccurrences(of: "#/$defs/", with: "")
      guard let target = root["$defs"]?[name] else { return ["\(path): no \(reference)"] }
      return problems(of: value, against: target, at: path)
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
