/// What a file Sluice was asked to read looks like, from its first bytes: so `source` of a
/// session file and `load` of a script can say what the file is and what to use instead.
///
/// By convention scripts end in `.sluice` and session files in `.sluice-session`; the kind is
/// told from the content, so a file named otherwise still gets the right answer.
package enum FileContents {
  /// Whether `bytes` look like a session file: JSON naming the session format early on.
  package static func looksLikeSessionFile(_ bytes: [UInt8]) -> Bool {
    guard let first = bytes.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }), first == UInt8(ascii: "{") else {
      return false
    }
    let head = String(decoding: bytes.prefix(4_096), as: UTF8.self)
    return head.contains("\"sluice-session\"") || head.contains("\"format\"")
  }

  /// Whether `bytes` look like text rather than JSON: a script, most likely.
  package static func looksLikeScript(_ bytes: [UInt8]) -> Bool {
    guard let first = bytes.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else { return false }
    return first != UInt8(ascii: "{")
  }
}
