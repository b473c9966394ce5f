extension StatePath {
  /// The value at this path inside `root`, found by reflection along the path only.
  ///
  /// Optionals on the way are looked through when they hold a value; a `nil` one is
  /// an error unless the path chains past it with `?`, in which case the result is
  /// `nil` (an `Optional<Any>.none`).
  public func value(in root: Any) throws(StatePathError) -> Any {
    var current = root
    for position in components.indices {
      let component = components[position]
      if component == .optionalChain {
        if let optional = current as? any OptionalValue {
          guard let wrapped = optional.wrappedValue else { return Optional<Any>.none as Any }
          current = wrapped
        }
        continue
      }
      guard let value = Reflection.flattened(current) else {
        throw StatePathError(
          reason: .foundNil, failedPath: StatePath(Array(components[..<position])).description)
      }
      do {
        current = try Self.step(into: value, along: component)
      } catch let reason {
        throw StatePathError(
          reason: reason.reason, failedPath: StatePath(Array(components[...position])).description)
      }
    }
    return current
  }

  /// Lets `step` throw a bare reason; the caller adds the path.
  private struct Failure: Error {
    var reason: StatePathError.Reason
  }

  private static func step(into value: Any, along component: Component) throws(Failure) -> Any {
    switch component {
    case .property(let name):
      return try property(name, of: value)
    case .index(let index):
      if let dictionary = value as? any KeyedEntries {
        guard let found = dictionary.value(forIntegerKey: index) else {
          throw Failure(
            reason: .keyNotFound(String(index), availableKeys: dictionary.keyDescriptions(limit: 20)))
        }
        return found
      }
      let elements = try elements(of: value)
      guard index >= 0, index < elements.elementCount else {
        throw Failure(reason: .indexOutOfRange(index, count: elements.elementCount))
      }
      return elements.element(at: index)
    case .key(let key):
      if let dictionary = value as? any KeyedEntries {
        guard let found = dictionary.value(forKeyText: key) else {
          throw Failure(
            reason: .keyNotFound(
              SwiftStringEscaping.quoted(key), availableKeys: dictionary.keyDescriptions(limit: 20)))
        }
        return found
      }
      return try property(key, of: value)
    case .element(let label, let expected):
      let elements = try elements(of: value)
      for offset in 0..<elements.elementCount {
        let element = elements.element(at: offset)
        if let field = field(label, of: element), matches(field, expected) {
          return element
        }
      }
      throw Failure(reason: .noMatchingElement(label: label, value: expected.description))
    case .optionalChain:
      return value
    }
  }

  /// A stored property, tuple element, enum case (its payload) or payload label.
  private static func property(_ name: String, of value: Any) throws(Failure) -> Any {
    let reflection = Reflection(value)
    switch reflection.shape {
    case .enumeration:
      let caseName = reflection.caseName
      let payloadFields = reflection.payloadFields
      if name == caseName, let payload = reflection.payload {
        return payload
      }
      if let found = payloadFields.enumerated().first(where: { ($1.label ?? String($0)) == name }) {
        return found.element.value
      }
      let available = (payloadFields.isEmpty ? [] : [caseName]) + payloadFields.compactMap(\.label)
      throw Failure(
        reason: .noSuchProperty(name, typeName: reflection.typeName + "." + caseName, available: available))
    case .dictionary:
      if let dictionary = value as? any KeyedEntries, let found = dictionary.value(forKeyText: name) {
        return found
      }
      fallthrough
    default:
      let fields = reflection.fields
      if let found = fields.enumerated().first(where: { ($1.label ?? String($0)) == name }) {
        return found.element.value
      }
      // `todos.count`, as in Swift: the number of elements of any collection.
      if name == "count", let count = elementCount(of: value, shape: reflection.shape) {
        return count
      }
      let available = fields.enumerated().map { $1.label ?? String($0) }
      throw Failure(reason: .noSuchProperty(name, typeName: reflection.typeName, available: available))
    }
  }

  /// The number of elements of a collection, set or dictionary.
  private static func elementCount(of value: Any, shape: Reflection.Shape) -> Int? {
    switch shape {
    case .collection, .set, .dictionary:
      return Mirror(reflecting: value).children.count
    default:
      return nil
    }
  }

  /// Arrays are read in place (one element at a time, nothing copied); other
  /// collections through their mirror.
  private static func elements(of value: Any) throws(Failure) -> any IndexedElements {
    if let indexed = value as? any IndexedElements {
      return indexed
    }
    let reflection = Reflection(value)
    guard reflection.shape == .collection || reflection.shape == .set else {
      throw Failure(reason: .notSubscriptable(typeName: reflection.typeName))
    }
    return ElementList(value, reflection: reflection)
  }

  /// The property an `[id: …]` component compares; `Identifiable.id` for `id`
  /// (so computed ids work too).
  private static func field(_ label: String, of element: Any) -> Any? {
    if label == "id", let identifiable = Reflection.flattened(element) as? any Identifiable {
      return erasedID(of: identifiable)
    }
    guard let element = Reflection.flattened(element) else { return nil }
    return Reflection(element).fields.first { $0.label == label }?.value
  }

  private static func erasedID<Value: Identifiable>(of value: Value) -> Any {
    value.id
  }

  private static func matches(_ field: Any, _ expected: MatchValue) -> Bool {
    guard let field = Reflection.flattened(field) else { return false }
    switch expected {
    case .integer(let number):
      return String(describing: field) == String(number)
    case .string(let text):
      if let string = field as? String { return string == text }
      return String(describing: field) == text
    case .boolean(let flag):
      return (field as? Bool) == flag
    }
  }
}
