/// FNV-1a, 64 bits: a small, stable digest for fingerprints and state checks in session
/// files (not for security). Stable across runs and machines, unlike `Hasher`.
struct Digest {
  private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

  mutating func combine(_ bytes: some Sequence<UInt8>) {
    for byte in bytes {
      value ^= UInt64(byte)
      value &*= 0x0000_0100_0000_01b3
    }
  }

  mutating func combine(_ text: String) {
    combine(text.utf8)
    combine(CollectionOfOne(0))
  }

  var hex: String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }

  static func of(_ bytes: some Sequence<UInt8>) -> String {
    var digest = Digest()
    digest.combine(bytes)
    return digest.hex
  }
}
