import Foundation

/// Sets the value at a path of a state: what `set var PATH = VALUE` does.
///
/// The state goes through its own `Codable` conformance, so that whatever it keeps is kept:
/// it is encoded as JSON, the value at the path is replaced by the literal decoded as the
/// type found there (as conditions decode theirs) and encoded alike, and the result is
/// decoded back. The new state is then checked: the path holds the new value and nothing
/// outside the path changed. A type whose encoding does not follow its stored properties is
/// refused with an error rather than edited wrongly.
enum StateEditor {
  /// `state` with the value at `path` set to `literal`.
  ///
  /// - Throws: When the path leads nowhere, the literal is not a value of the type found
  ///   there, or the state cannot be edited through its encoding; each message names the
  ///   path, and the part of it that failed.
  static func setting<State: Codable>(
    _ path: StatePath, to literal: ActionLiteral, literalText: String, in state: State
  ) throws(DebugError) -> State {
    let current: Any
    do {
      current = try path.value(in: state)
    } catch {
      throw DebugError("cannot set \(path): \(error.description)", about: .editedPath)
    }
    guard let valueType = type(of: current) as? any Codable.Type else {
      throw DebugError("cannot set \(path): \(TypeName.short(type(of: current))) is not Codable")
    }
    let newValue: any Codable
    do {
      newValue = try LiteralDecoder().decode(valueType, from: literal)
    } catch {
      throw DebugError("cannot set \(path): \(literalText) is not \(TypeName.withArticle(valueType)): \(error)", about: .editedValue)
    }
    if path.isRoot, let whole = newValue as? State { return whole }
    let edited: State
    do {
      let encoder = JSONEncoder()
      let stateJSON = try JSONSerialization.jsonObject(with: try encoder.encode(state), options: [.fragmentsAllowed])
      let valueJSON = try JSONSerialization.jsonObject(with: try encoder.encode(newValue), options: [.fragmentsAllowed])
      let replaced = try replacing(
        in: stateJSON, value: state, along: path.components[...], walked: StatePath(), with: valueJSON, path: path)
      let data = try JSONSerialization.data(withJSONObject: replaced, options: [.fragmentsAllowed])
      edited = try JSONDecoder().decode(State.self, from: data)
    } catch let error as DebugError {
      throw error
    } catch {
      throw DebugError("cannot set \(path): the state does not decode from its own encoding edited there: \(error)")
    }
    try check(edited, against: state, at: path, holds: newValue)
    return edited
  }

  /// The JSON `json` of `value` with the part at `components` replaced by `replacement`.
  private static func replacing(
    in json: Any, value: Any, along components: ArraySlice<StatePath.Component>, walked: StatePath,
    with replacement: Any, path: StatePath
  ) throws(DebugError) -> Any {
    guard let component = components.first else { return replacement }
    let rest = components.dropFirst()
    let here = walked.appending(component)
    if component == .optionalChain {
      return try replacing(in: json, value: value, along: rest, walked: here, with: replacement, path: path)
    }
    guard let unwrapped = Reflection.flattened(value) else {
      throw DebugError("cannot set \(path): \(walked) is nil", about: .editedPath)
    }
    let next: Any
    do {
      next = try StatePath([component]).value(in: unwrapped)
    } catch {
      throw DebugError("cannot set \(path): \(error.description)", about: .editedPath)
    }
    let unsupported = DebugError(
      "cannot set \(path): \(TypeName.short(type(of: unwrapped))) does not encode \(here) where its properties say")
    let reflection = Reflection(unwrapped)
    switch component {
    case .property(let name), .key(let name):
      guard var object = json as? [String: Any] else { throw unsupported }
      if reflection.shape == .enumeration {
        // `{"paid": {"receiptID": …}}`, `{"loaded": {"_0": …}}`: the payload under the case's name.
        let caseName = reflection.caseName
        guard var payload = object[caseName] as? [String: Any] else { throw unsupported }
        let fields = reflection.payloadFields
        let key: String
        if name == caseName {
          guard fields.count == 1 else { throw unsupported }
          key = fields[0].label ?? "_0"
        } else {
          guard let offset = fields.firstIndex(where: { $0.label == name }) else { throw unsupported }
          key = fields[offset].label ?? "_\(offset)"
        }
        guard let inner = payload[key] else { throw unsupported }
        payload[key] = try replacing(in: inner, value: next, along: rest, walked: here, with: replacement, path: path)
        object[caseName] = payload
        return object
      }
      guard let inner = object[name] else { throw unsupported }
      object[name] = try replacing(in: inner, value: next, along: rest, walked: here, with: replacement, path: path)
      return object
    case .index(let index):
      if reflection.shape == .dictionary {
        guard var object = json as? [String: Any], let inner = object[String(index)] else { throw unsupported }
        object[String(index)] = try replacing(in: inner, value: next, along: rest, walked: here, with: replacement, path: path)
        return object
      }
      guard var array = json as? [Any], array.indices.contains(index) else { throw unsupported }
      array[index] = try replacing(in: array[index], value: next, along: rest, walked: here, with: replacement, path: path)
      return array
    case .element:
      // `todos[id: 3]`: the position of the element the lookup found.
      guard var array = json as? [Any], reflection.shape == .collection else { throw unsupported }
      let found = ValueTree(reflecting: next)
      let elements = Array(Mirror(reflecting: unwrapped).children.map(\.value))
      guard let offset = elements.firstIndex(where: { ValueTree(reflecting: $0) == found }), array.indices.contains(offset)
      else { throw unsupported }
      array[offset] = try replacing(in: array[offset], value: next, along: rest, walked: here, with: replacement, path: path)
      return array
    case .literalKey:
      // A dictionary whose keys are neither strings nor integers encodes as
      // `[key, value, key, value, …]`, in the order the dictionary itself has. The entry is
      // found by its value; were two values equal, the check after the edit refuses it.
      guard var array = json as? [Any], reflection.shape == .dictionary else { throw unsupported }
      let found = ValueTree(reflecting: next)
      let values = Mirror(reflecting: unwrapped).children.map { Mirror(reflecting: $0.value).children.dropFirst().first?.value as Any }
      guard let offset = values.firstIndex(where: { ValueTree(reflecting: $0) == found }), array.indices.contains(2 * offset + 1)
      else { throw unsupported }
      array[2 * offset + 1] = try replacing(
        in: array[2 * offset + 1], value: next, along: rest, walked: here, with: replacement, path: path)
      return array
    case .optionalChain:
      return json
    }
  }

  /// Checks that `edited` holds `newValue` at `path` and differs from `original` only there.
  private static func check<State>(
    _ edited: State, against original: State, at path: StatePath, holds newValue: Any
  ) throws(DebugError) {
    let found = try? path.value(in: edited)
    guard let found, ValueTree(reflecting: found) == ValueTree(reflecting: newValue) else {
      throw DebugError("cannot set \(path): the state's encoding does not keep the new value there")
    }
    let target = StatePath(path.components.filter { $0 != .optionalChain })
    let stray = StateDiff(from: original, to: edited).changedPaths.filter { changed in
      !changed.starts(with: target) && !target.starts(with: changed) && !target.components.contains {
        if case .element = $0 { return true }
        return false
      }
    }
    guard stray.isEmpty else {
      throw DebugError(
        "cannot set \(path): going through the state's encoding would also change "
          + stray.map(\.description).joined(separator: ", "))
    }
  }
}
