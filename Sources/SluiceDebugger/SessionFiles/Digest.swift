/// A small, stable 64-bit digest for fingerprints and state checks in session files (not
/// for security). Stable across runs, processes and machines, unlike `Hasher`, whose seed
/// changes with every process.
///
/// It takes whole 64-bit words, so a number costs one multiply instead of one per byte:
/// each word is xored in and mixed by a multiply and a shift, and the result goes through
/// MurmurHash3's finaliser.
struct Digest {
  private var state: UInt64 = 0xcbf2_9ce4_8422_2325

  /// Mixes in one word.
  @inline(__always)
  mutating func combine(_ word: UInt64) {
    state = (state ^ word) &* 0x9e37_79b9_7f4a_7c15
    state ^= state >> 29
  }

  /// Mixes in text: its UTF-8 bytes eight at a time, then its length, so that consecutive
  /// strings cannot run into each other (`"ab", "c"` differs from `"a", "bc"`).
  mutating func combine(_ text: String) {
    Self.forEachWord(of: text) { combine($0) }
  }

  /// The words ``combine(_:)-(String)`` mixes in for `text`: its UTF-8 bytes eight at a
  /// time (little-endian, the last word zero-padded), then the byte count.
  @inline(__always)
  static func forEachWord(of text: String, _ body: (UInt64) -> Void) {
    var text = text
    text.withUTF8 { utf8 in
      let bytes = UnsafeRawBufferPointer(utf8)
      var offset = 0
      while offset + 8 <= bytes.count {
        body(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
        offset += 8
      }
      var tail: UInt64 = 0
      var shift: UInt64 = 0
      while offset < bytes.count {
        tail |= UInt64(bytes[offset]) << shift
        shift += 8
        offset += 1
      }
      body(tail)
      body(UInt64(bytes.count))
    }
  }

  /// The digest so far.
  var value: UInt64 {
    var mixed = state
    mixed ^= mixed >> 33
    mixed &*= 0xff51_afd7_ed55_8ccd
    mixed ^= mixed >> 33
    mixed &*= 0xc4ce_b9fe_1a85_ec53
    mixed ^= mixed >> 33
    return mixed
  }

  /// The digest as 16 hexadecimal digits.
  var hex: String {
    HexDigits.of(value, minimumCount: 16, uppercase: false)
  }
}
