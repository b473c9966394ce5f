/// A small, stable 64-bit digest for fingerprints and state checks in session files (not
/// for security). Stable across runs, processes and machines, unlike `Hasher`, whose seed
/// changes with every process.
///
/// It takes whole 64-bit words, so a number costs one multiply instead of one per byte:
/// each word is xored in and mixed by a multiply and a shift, and the result goes through
/// MurmurHash3's finaliser.
struct Digest {
  private var state: UInt64 = 0xcbf2_9ce4_8422_2325
  /// Every word mixed in, in order, when recording (see ``ActionTable``): two values with
  /// the same words have the same encoding, which a digest alone cannot promise.
  private(set) var words: [UInt64]?

  /// A digest that also records its words when `recording` is true.
  init(recording: Bool = false) {
    words = recording ? [] : nil
  }

  /// Mixes in one word.
  mutating func combine(_ word: UInt64) {
    words?.append(word)
    state = (state ^ word) &* 0x9e37_79b9_7f4a_7c15
    state ^= state >> 29
  }

  /// Mixes in text: its UTF-8 bytes eight at a time, then its length, so that consecutive
  /// strings cannot run into each other (`"ab", "c"` differs from `"a", "bc"`).
  mutating func combine(_ text: String) {
    var text = text
    text.withUTF8 { combine(bytes: UnsafeRawBufferPointer($0)) }
  }

  /// Mixes in raw bytes, eight at a time, then their count.
  mutating func combine(bytes: UnsafeRawBufferPointer) {
    var offset = 0
    while offset + 8 <= bytes.count {
      combine(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
      offset += 8
    }
    var tail: UInt64 = 0
    var shift: UInt64 = 0
    while offset < bytes.count {
      tail |= UInt64(bytes[offset]) << shift
      shift += 8
      offset += 1
    }
    combine(tail)
    combine(UInt64(bytes.count))
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
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}
