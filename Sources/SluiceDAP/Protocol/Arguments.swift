import SluiceReporting

/// A request's `arguments` object, read field by field: a field of the wrong type is an
/// error naming it and what it should be, never a crash or a silent default.
package struct Arguments: Sendable {
  private let members: [(String, JSONValue)]

  /// The arguments `value` holds: an object, or none (`null` or missing).
  package init(_ value: JSONValue?) throws(AdapterError) {
    switch value {
    case nil, .null?: members = []
    case .object(let members)?: self.members = members
    case let other?: throw AdapterError("`arguments` is \(Self.kind(of: other)), not an object")
    }
  }

  /// The raw value of `key`, if present and not `null`.
  package subscript(key: String) -> JSONValue? {
    guard let value = members.last(where: { $0.0 == key })?.1 else { return nil }
    if case .null = value { return nil }
    return value
  }

  /// The string at `key`, or `nil` when absent.
  package func string(_ key: String) throws(AdapterError) -> String? {
    guard let value = self[key] else { return nil }
    guard case .string(let string) = value else { throw mistyped(key, value, "a string") }
    return string
  }

  /// The whole number at `key`, or `nil` when absent.
  package func integer(_ key: String) throws(AdapterError) -> Int? {
    guard let value = self[key] else { return nil }
    switch value {
    case .integer(let integer): return integer
    case .number(let number) where number == number.rounded() && abs(number) < 1e15: return Int(number)
    default: throw mistyped(key, value, "a whole number")
    }
  }

  /// The boolean at `key`, or `nil` when absent.
  package func boolean(_ key: String) throws(AdapterError) -> Bool? {
    guard let value = self[key] else { return nil }
    guard case .boolean(let boolean) = value else { throw mistyped(key, value, "true or false") }
    return boolean
  }

  /// The objects in the array at `key`, each as arguments; empty when absent.
  package func objects(_ key: String) throws(AdapterError) -> [Arguments] {
    try elements(key, "an array of objects") { element in
      if case .object = element { try? Arguments(element) } else { nil }
    }
  }

  /// The strings in the array at `key`; empty when absent.
  package func strings(_ key: String) throws(AdapterError) -> [String] {
    try elements(key, "an array of strings") { element in
      if case .string(let string) = element { string } else { nil }
    }
  }

  /// The elements of the array at `key`, each as `read` makes it, which is `nil` for an
  /// element of the wrong kind; `expected` names the right kind in the error.
  private func elements<Element>(_ key: String, _ expected: String, _ read: (JSONValue) -> Element?) throws(AdapterError)
    -> [Element]
  {
    guard let value = self[key] else { return [] }
    guard case .array(let elements) = value else { throw mistyped(key, value, "an array") }
    var made_: [Element] = []
    for element in elements {
      guard let made = read(element) else { throw mistyped(key, element, expected) }
      made_.append(made)
    }
    return made_
  }

  /// The whole number at `key`, which the request must have.
  package func requiredInteger(_ key: String) throws(AdapterError) -> Int {
    guard let value = try integer(key) else { throw AdapterError("`\(key)` is missing") }
    return value
  }

  private func mistyped(_ key: String, _ value: JSONValue, _ expected: String) -> AdapterError {
    AdapterError("`\(key)` is \(Self.kind(of: value)), not \(expected)")
  }

  private static func kind(of value: JSONValue) -> String {
    switch value {
    case .string: "a string"
    case .integer, .number: "a number"
    case .boolean: "a boolean"
    case .null: "null"
    case .array: "an array"
    case .object: "an object"
    case .verbatim(let text): text
    }
  }
}
