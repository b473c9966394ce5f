import Foundation

/// The keys of a session file that no part of it has: a misspelled optional key
/// (`"pyition"`) would otherwise be ignored without a word, and the file load as if it were
/// absent. Each is said with where it is and the known key it may have meant.
///
/// The known keys are listed here, part by part, as ``SessionFile`` and the saved parts
/// (``SavedJobSpan``, ``SavedCycleReport``, ``SavedStop``) spell them; a file `save` wrote has
/// none unknown (`SessionFileClaimsTests` checks it).
enum UnknownKeys {
  static let topLevel = [
    "format", "version", "feature", "fingerprint", "initialState", "firstIndex", "actions", "origins", "log",
    "finalState", "reads", "edits", "breakpoints", "position", "virtualTime", "jobSpans", "cycleWarnings", "stops",
    "testOverrides", "resetState",
  ]
  /// Each array of objects the file has, with the keys of its elements and how one is named.
  static let parts: [(key: String, element: String, keys: [String])] = [
    ("breakpoints", "breakpoint", ["id", "kind", "pattern", "condition", "path", "isEnabled", "isOneShot", "ignoreCount", "commands", "prints"]),
    ("jobSpans", "job span", ["id", "name", "kind", "parent", "launched", "ended", "outcome", "reason", "cancelledByHand"]),
    (
      "cycleWarnings", "cycle warning",
      [
        "caseName", "cycle", "policy", "latestPolicy", "signal", "reducedCount", "windowNanoseconds", "depth", "context",
        "path", "seen", "firstSeen", "lastSeen", "frames", "elided", "root",
      ]
    ),
    ("stops", "stop", ["title", "time", "afterIndex"]),
    ("edits", "edit", ["index", "path", "value"]),
    ("reads", "reads", ["index", "reads"]),
  ]

  /// What to say of each unknown key of the session file `bytes`, read from `path`: `PATH:
  /// unknown key 'pyition' at the top level (did you mean 'position'?); it is ignored`. None
  /// when the file is not a JSON object (its load says why).
  static func warnings(in bytes: [UInt8], from path: String) -> [String] {
    guard let probe = try? JSONDecoder().decode(Probe.self, from: Data(bytes)) else { return [] }
    var warnings: [String] = []
    func check(_ keys: [String], known: [String], place: String) {
      for key in keys.sorted() where !known.contains(key) {
        let meant = nearestName(to: key, among: known).map { " (did you mean '\($0)'?)" } ?? ""
        warnings.append("\(path): unknown key '\(SwiftComment.text(key))' \(place)\(meant); it is ignored")
      }
    }
    check(probe.keys, known: topLevel, place: "at the top level")
    for part in parts {
      for (offset, keys) in (probe.elementKeys[part.key] ?? []).enumerated() {
        check(keys, known: part.keys, place: "in \(part.element) \(offset + 1)")
      }
    }
    return warnings
  }

  /// The keys of the file's top level and of the elements of its arrays of parts; nothing
  /// else is decoded.
  private struct Probe: Decodable {
    var keys: [String] = []
    var elementKeys: [String: [[String]]] = [:]

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: AnyKey.self)
      keys = container.allKeys.map(\.stringValue)
      for part in UnknownKeys.parts {
        guard let key = AnyKey(stringValue: part.key), var elements = try? container.nestedUnkeyedContainer(forKey: key)
        else { continue }
        var found: [[String]] = []
        while !elements.isAtEnd {
          guard let element = try? elements.nestedContainer(keyedBy: AnyKey.self) else { break }
          found.append(element.allKeys.map(\.stringValue))
        }
        elementKeys[part.key] = found
      }
    }
  }

  /// Any key at all.
  private struct AnyKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }
}
