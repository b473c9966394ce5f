/// Turns the bytes a terminal sends into Unicode scalars, one byte at a time, without
/// depending on the process locale.
///
/// A malformed sequence (a stray continuation byte, a sequence cut short, an overlong
/// form) becomes one U+FFFD and decoding goes on with the next byte.
struct UTF8InputDecoder {
  private var pending: [UInt8] = []
  private var expected = 0

  /// Feeds one byte; returns the scalars it completes (none while a sequence is unfinished).
  mutating func decode(_ byte: UInt8) -> [Unicode.Scalar] {
    if pending.isEmpty {
      return start(with: byte)
    }
    guard byte & 0b1100_0000 == 0b1000_0000 else {
      // The sequence was cut short: report it, then read this byte afresh.
      pending.removeAll()
      return [Self.replacement] + start(with: byte)
    }
    pending.append(byte)
    guard pending.count == expected else { return [] }
    defer { pending.removeAll() }
    // Swift's decoder rejects overlong forms and surrogates, as U+FFFD.
    return Array(String(decoding: pending, as: UTF8.self).unicodeScalars.prefix(1))
  }

  /// Whether part of a sequence is waiting for more bytes.
  var isWaiting: Bool { !pending.isEmpty }

  private mutating func start(with byte: UInt8) -> [Unicode.Scalar] {
    switch byte {
    case 0x00...0x7F:
      return [Unicode.Scalar(byte)]
    case 0xC2...0xDF:
      expected = 2
    case 0xE0...0xEF:
      expected = 3
    case 0xF0...0xF4:
      expected = 4
    default:
      return [Self.replacement]
    }
    pending = [byte]
    return []
  }

  static let replacement: Unicode.Scalar = "\u{FFFD}"
}
