import Testing
import SluiceAgentAccess

@testable import SluiceAgent

/// The hand-written SHA-256 and HMAC against the standards' own examples: FIPS 180-4's (as
/// NIST publishes them) and RFC 4231's.
@Suite struct HMACSHA256Tests {
  private func hex(_ text: String) -> [UInt8] {
    TCPHandshake.bytes(fromHex: text, count: text.utf8.count / 2)!
  }

  @Test(arguments: [
    ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
    ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
    (
      "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
    ),
    (
      "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
      "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
    ),
  ])
  func sha256MatchesFIPS180(message: String, digest: String) {
    #expect(TCPHandshake.hex(SHA256.hash(Array(message.utf8))) == digest)
  }

  @Test func sha256OfAMillionAs() {
    let digest = SHA256.hash([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000))
    #expect(TCPHandshake.hex(digest) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
  }

  /// Lengths around the padding's edges: 55 bytes fit one block with the length, 56 need two.
  @Test func sha256AroundTheBlockEdges() {
    #expect(
      TCPHandshake.hex(SHA256.hash([UInt8](repeating: UInt8(ascii: "a"), count: 55)))
        == "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318")
    #expect(
      TCPHandshake.hex(SHA256.hash([UInt8](repeating: UInt8(ascii: "a"), count: 56)))
        == "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a")
    #expect(
      TCPHandshake.hex(SHA256.hash([UInt8](repeating: UInt8(ascii: "a"), count: 64)))
        == "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb")
  }

  /// RFC 4231's test cases 1, 2, 3, 4, 6 and 7 (5 truncates the code, which the handshake never does).
  @Test(arguments: [
    (
      [UInt8](repeating: 0x0b, count: 20), Array("Hi There".utf8),
      "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"
    ),
    (
      Array("Jefe".utf8), Array("what do ya want for nothing?".utf8),
      "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
    ),
    (
      [UInt8](repeating: 0xaa, count: 20), [UInt8](repeating: 0xdd, count: 50),
      "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"
    ),
    (
      (1...25).map { UInt8($0) }, [UInt8](repeating: 0xcd, count: 50),
      "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b"
    ),
    (
      [UInt8](repeating: 0xaa, count: 131), Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
      "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"
    ),
    (
      [UInt8](repeating: 0xaa, count: 131),
      Array(
        "This is a test using a larger than block-size key and a larger than block-size data. The key needs to be hashed before being used by the HMAC algorithm."
          .utf8),
      "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2"
    ),
  ])
  func hmacMatchesRFC4231(key: [UInt8], message: [UInt8], code: String) {
    #expect(TCPHandshake.hex(HMACSHA256.code(for: message, key: key)) == code)
  }

  @Test func codesAreComparedWhole() {
    let code = hex("00ff")
    #expect(HMACSHA256.constantTimeEqual(code, hex("00ff")))
    #expect(!HMACSHA256.constantTimeEqual(code, hex("00fe")))
    #expect(!HMACSHA256.constantTimeEqual(code, hex("00")))
    #expect(!HMACSHA256.constantTimeEqual(code, []))
  }
}
