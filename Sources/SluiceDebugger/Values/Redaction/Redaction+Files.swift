import Foundation

/// Session files keep no secret: ``Sluice/Secret`` values encode as the mask (the save's
/// encoder asks them to), and the registered paths of the saved states are masked in the
/// JSON. Loading a file puts back, wherever a saved state holds the mask, the value at the
/// same place in the store's current state: a loaded session runs with the secrets the
/// program has now, never with ones a file could plant.
extension Redaction {
  /// The members of a session file that hold states.
  private static let stateKeys = ["initialState", "finalState", "resetState"]

  /// `file`, a session file's JSON, with the registered paths of its states masked.
  package func maskingStates(inSessionFile file: Data) throws -> Data {
    guard !isEmpty, var object = try JSONSerialization.jsonObject(with: file) as? [String: Any] else { return file }
    for key in Self.stateKeys {
      if let state = object[key] { object[key] = masking(json: state, at: []) }
    }
    return try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
  }

  private func masking(json: Any, at path: [StatePath.Component]) -> Any {
    if masks(path) { return Self.mask }
    guard hasSecrets(inside: path) else { return json }
    if var object = json as? [String: Any] {
      for (key, value) in object {
        for component in [StatePath.Component.property(key), .key(key)] + (Int(key).map { [.index($0)] } ?? []) {
          let inner = path + [component]
          if masks(inner) || hasSecrets(inside: inner) {
            object[key] = masking(json: value, at: inner)
            break
          }
        }
      }
      return object
    }
    if let array = json as? [Any] {
      return array.enumerated().map { masking(json: $1, at: path + [.index($0)]) }
    }
    return json
  }

  /// Whether `file` may hold a masked secret: it contains the mask's text.
  package static func mayHoldSecrets(_ file: Data) -> Bool {
    file.range(of: Data(mask.utf8)) != nil
  }

  /// `file`, a session file's JSON, with each mask in its states replaced by the value at the
  /// same place in `liveState`, the store's current state as JSON; a mask with nothing there
  /// stays, and decodes as whatever it can.
  package static func restoringSecrets(inSessionFile file: Data, from liveState: Data) throws -> Data {
    guard var object = try JSONSerialization.jsonObject(with: file) as? [String: Any] else { return file }
    let live = try JSONSerialization.jsonObject(with: liveState, options: [.fragmentsAllowed])
    for key in stateKeys {
      if let state = object[key] { object[key] = restoring(state, from: live) }
    }
    return try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
  }

  private static func restoring(_ saved: Any, from live: Any?) -> Any {
    if let text = saved as? String, text == mask { return live ?? saved }
    if var object = saved as? [String: Any] {
      let liveObject = live as? [String: Any]
      for (key, value) in object { object[key] = restoring(value, from: liveObject?[key]) }
      return object
    }
    if let array = saved as? [Any] {
      let liveArray = live as? [Any] ?? []
      return array.enumerated().map { restoring($1, from: liveArray.indices.contains($0) ? liveArray[$0] : nil) }
    }
    return saved
  }
}
