extension StatePath {
  /// The value at this path inside `root`, found by reflection along the path only.
  ///
  /// Optionals on the way are looked through when they hold a value; a `nil` one is
  /// an error unless the path chains past it with `?`, in which case the result is
  /// `nil` (an `Optional<Any>.none`).
  public func value(in root: Any) throws(StatePathError) -> Any {
    switch resolve(in: root) {
    case .found(let value): return value
    case .missing(let error, _): throw error
    }
  }

  /// What looking this path up in `root` finds: the value, or why there is none and whether
  /// another state of the same type could have one (see ``Resolution``).
  func resolve(in root: Any) -> Resolution {
    var current = root
    for position in components.indices {
      let component = components[position]
      if component == .optionalChain {
        if let optional = current as? any OptionalValue {
          guard let wrapped = optional.wrappedValue else { return .found(Optional<Any>.none as Any) }
          current = wrapped
        }
        continue
      }
      guard let value = Reflection.flattened(current) else {
        let error = StatePathError(
          reason: .foundNil, failedPath: StatePath(Array(components[..<position])).description)
        return .missing(error, canExistLater: true)
      }
      do {
        current = try Self.step(into: value, along: component)
      } catch let failure {
        let error = StatePathError(
          reason: failure.reason, failedPath: StatePath(Array(components[...position])).description)
        guard failure.canExistLater else { return .missing(error, canExistLater: false) }
        // Another element shows whether the rest of the path fits the elements' type.
        if let sample = Self.sampleElement(of: value, for: component),
          case .missing(let deeper, false) = StatePath(Array(components[(position + 1)...])).resolve(in: sample)
        {
          return .missing(deeper.prefixed(by: StatePath(Array(components[...position]))), canExistLater: false)
        }
        return .missing(error, canExistLater: true)
      }
    }
    return .found(current)
  }

  /// What a lookup found.
  ///
  /// Whether a missing path can exist later is judged from the value itself, by `Mirror`:
  /// the most truthful source there is, since a type's shape is not otherwise knowable at run
  /// time. A struct's or a class's mirror lists every stored property whatever their values,
  /// so a name it lacks can never exist, and neither can a subscript into a value that is not
  /// a collection or a dictionary. A mirror shows only an enum's current case, so a name on
  /// an enum may be a case not active now (`results.loaded` while `.idle`), unless its
  /// decoding says the enum has no such case (``EnumCaseKeys``); an index out of
  /// range, a key not there, no matching element and a `nil` optional may all exist later.
  /// Past a missing element the rest of the path is checked against another element of the
  /// same collection, when there is one; past an inactive case or a `nil` nothing is known.
  enum Resolution {
    /// The value at the path.
    case found(Any)
    /// No value: why, and whether a later state of the same type could have one.
    case missing(StatePathError, canExistLater: Bool)
  }

  /// An element of the collection or dictionary `value` other than the one `component`
  /// missed, to check the rest of a path against.
  private static func sampleElement(of value: Any, for component: Component) -> Any? {
    switch component {
    case .index, .key, .literalKey, .element:
      if value is any KeyedEntries {
        return Mirror(reflecting: value).children.first.flatMap { Mirror(reflecting: $0.value).children.dropFirst().first?.value }
      }
      guard let elements = try? elements(of: value), elements.elementCount > 0 else { return nil }
      return elements.element(at: 0)
    default:
      return nil
    }
  }

  /// Lets `step` throw a bare reason; the caller adds the path.
  private struct Failure: Error {
    var reason: StatePathError.Reason
    /// Whether another state of the same type could have the part that is missing here.
    var canExistLater: Bool
  }

  private static func step(into value: Any, along component: Component) throws(Failure) -> Any {
    switch component {
    case .property(let name):
      return try property(name, of: value)
    case .index(let index):
      if let dictionary = value as? any KeyedEntries {
        guard let found = dictionary.value(forIntegerKey: index) else {
          throw Failure(
            reason: .keyNotFound(String(index), availableKeys: dictionary.keyDescriptions(limit: 20)),
            canExistLater: true)
        }
        return found
      }
      let elements = try elements(of: value)
      guard index >= 0, index < elements.elementCount else {
        throw Failure(reason: .indexOutOfRange(index, count: elements.elementCount), canExistLater: true)
      }
      return elements.element(at: index)
    case .key(let key):
      if let dictionary = value as? any KeyedEntries {
        guard let found = dictionary.value(forKeyText: key) else {
          throw Failure(
            reason: .keyNotFound(
              SwiftStringEscaping.quoted(key), availableKeys: dictionary.keyDescriptions(limit: 20)),
            canExistLater: true)
        }
        return found
      }
      return try property(key, of: value)
    case .literalKey(let key):
      guard let dictionary = value as? any KeyedEntries else {
        throw Failure(reason: .notSubscriptable(typeName: Reflection(value).typeName), canExistLater: false)
      }
      guard let found = dictionary.value(forKeyLiteral: key) else {
        throw Failure(
          reason: .keyNotFound(key, availableKeys: dictionary.keyDescriptions(limit: 20)), canExistLater: true)
      }
      return found
    case .element(let label, let expected):
      let elements = try elements(of: value)
      for offset in 0..<elements.elementCount {
        let element = elements.element(at: offset)
        if let field = field(label, of: element), matches(field, expected) {
          return element
        }
      }
      throw Failure(reason: .noMatchingElement(label: label, value: expected.description), canExistLater: true)
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
      // The mirror shows the current case only; the type's decoding knows the others.
      if let cases = EnumCaseKeys.of(type(of: value), currentCase: caseName), !cases.hasCase(name) {
        throw Failure(
          reason: .noSuchCase(name, typeName: reflection.typeName, nearest: cases.nearestCase(to: name)),
          canExistLater: false)
      }
      let available = (payloadFields.isEmpty ? [] : [caseName]) + payloadFields.compactMap(\.label)
      // Another case may have this name.
      throw Failure(
        reason: .noSuchProperty(name, typeName: reflection.typeName + "." + caseName, available: available),
        canExistLater: true)
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
      // A dictionary may have the key later; a struct's mirror lists all its properties.
      throw Failure(
        reason: .noSuchProperty(name, typeName: reflection.typeName, available: available),
        canExistLater: reflection.shape == .dictionary)
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
      throw Failure(reason: .notSubscriptable(typeName: reflection.typeName), canExistLater: false)
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
