/// HMAC with SHA-256 (RFC 2104), the proofs of the TCP handshake: each side shows it holds the
/// token by a code over the other's random nonce, and the token itself never crosses the wire.
package enum HMACSHA256 {
  /// The authentication code of `message` under `key`: 32 bytes.
  package static func code(for message: some Collection<UInt8>, key: some Collection<UInt8>) -> [UInt8] {
    // A key longer than a block is hashed first; a shorter one is padded with zeros.
    var block = key.count > SHA256.blockLength ? SHA256.hash(key) : Array(key)
    block += [UInt8](repeating: 0, count: SHA256.blockLength - block.count)
    let inner = SHA256.hash(block.map { $0 ^ 0x36 } + Array(message))
    return SHA256.hash(block.map { $0 ^ 0x5c } + inner)
  }

  /// Whether `first` and `second` are equal, taking the same time whatever their bytes are: a
  /// difference found early does not end the comparison.
  package static func constantTimeEqual(_ first: [UInt8], _ second: [UInt8]) -> Bool {
    guard first.count == second.count else { return false }
    var difference: UInt8 = 0
    for index in first.indices { difference |= first[index] ^ second[index] }
    return difference == 0
  }
}
