/// One command line as characters by position, for the scanners that read it: columns in
/// messages count characters, so positions here are character offsets.
///
/// Nearly every line typed or scripted is ASCII, and there a character is one byte (a
/// carriage return aside: with a following line feed it makes one character). Such lines
/// are scanned as their UTF-8 bytes, without grapheme breaking or an array of `Character`s,
/// which cost more than the rest of parsing a `send` line. Any other line is split into
/// `Character`s once, so a combining mark after a quote or a `#` still makes a different
/// character, exactly as Swift's `String` sees it.
package struct LineCharacters {
  private enum Storage {
    /// ASCII without a carriage return: one byte, one character.
    case bytes([UInt8])
    case characters([Character])
  }

  private let storage: Storage
  /// How many characters the line has.
  package let count: Int

  package init(_ line: String) {
    let bytes = Array(line.utf8)
    if bytes.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: "\r") }) {
      storage = .bytes(bytes)
      count = bytes.count
    } else {
      let characters = Array(line)
      storage = .characters(characters)
      count = characters.count
    }
  }

  /// Whether the character at `position` is whitespace, as `Character.isWhitespace` says.
  package func isWhitespace(at position: Int) -> Bool {
    switch storage {
    case .bytes(let bytes):
      // The ASCII characters with Unicode's White_Space property: tab through carriage
      // return, and space.
      let byte = bytes[position]
      return byte == UInt8(ascii: " ") || (byte >= 0x09 && byte <= 0x0D)
    case .characters(let characters):
      return characters[position].isWhitespace
    }
  }

  /// The character at `position` when it is a single ASCII scalar, else `nil`.
  package func ascii(at position: Int) -> UInt8? {
    switch storage {
    case .bytes(let bytes):
      return bytes[position]
    case .characters(let characters):
      let character = characters[position]
      return character.isASCII && character.unicodeScalars.count == 1 ? character.asciiValue : nil
    }
  }

  /// The characters in `range` as a string.
  package func text(_ range: Range<Int>) -> String {
    switch storage {
    case .bytes(let bytes):
      return String(decoding: bytes[range], as: UTF8.self)
    case .characters(let characters):
      return String(characters[range])
    }
  }

  /// Whether the character `code` (ASCII) may be in the line: `false` only when it surely is
  /// not, found by one pass over the bytes of an ASCII line.
  package func mayContain(ascii code: UInt8) -> Bool {
    guard case .bytes(let bytes) = storage else { return true }
    return bytes.contains(code)
  }

  /// Whether every character is ASCII, so `text` can be trimmed byte by byte.
  package var isASCII: Bool {
    if case .bytes = storage { return true }
    return false
  }
}
