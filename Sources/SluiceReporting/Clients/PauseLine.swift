import Foundation

/// Whether a client's line asks to pause, read on the transport's thread before the line's
/// turn: `pause` typed, the request `{"id": 1, "command": "pause"}` that Ctrl-C in `sluice
/// attach` sends, or such a request in a page's envelope (`{"page": 3, "line": "…"}`).
package enum PauseLine {
  package static func asksToPause(_ line: String) -> Bool {
    // Cheap test first: nearly every line says nothing of pausing.
    guard line.contains("pause") else { return false }
    let trimmed = line.trimmingCharacters(in: .whitespaces)
    if trimmed == "pause" { return true }
    guard trimmed.first == "{",
      let object = try? JSONSerialization.jsonObject(with: Data(trimmed.utf8)) as? [String: Any]
    else { return false }
    if let command = object["command"] as? String {
      return command.trimmingCharacters(in: .whitespaces) == "pause"
    }
    if object["page"] != nil, let inner = object["line"] as? String { return asksToPause(inner) }
    return false
  }
}
