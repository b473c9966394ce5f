#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The TCP handshake's messages and proofs. Both sides hold the token file; neither sends the
/// token. Three lines, before any command:
///
/// ```
/// client → agent  {"clientNonce":"<64 hex digits>"}
/// agent → client  {"agentNonce":"<64 hex digits>","agentProof":"<64 hex digits>"}
/// client → agent  {"clientProof":"<64 hex digits>"}
/// ```
///
/// `agentProof` is HMAC-SHA256(token, "sluice-agent-v1" 0 clientNonce agentNonce) and
/// `clientProof` HMAC-SHA256(token, "sluice-client-v1" 0 agentNonce clientNonce), over the
/// nonces' 32 raw bytes. The agent proves itself first, over the client's fresh nonce, so a
/// client that reached someone else (a process that took the port the program left) learns
/// so before it sends anything that could be replayed; the agent's own fresh nonce keeps a
/// client's proof from being replayed either. The two labels keep one side's proof from ever
/// serving as the other's.
package enum TCPHandshake {
  /// The length of each side's nonce, in bytes.
  package static let nonceLength = 32

  /// `nonceLength` bytes from the system's secure random number generator.
  package static func randomNonce() -> [UInt8] {
    var generator = SystemRandomNumberGenerator()
    return (0..<nonceLength).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
  }

  /// The code by which the agent shows it holds `token`.
  package static func agentProof(token: AccessToken, clientNonce: [UInt8], agentNonce: [UInt8]) -> [UInt8] {
    HMACSHA256.code(for: Array("sluice-agent-v1".utf8) + [0] + clientNonce + agentNonce, key: token.bytes)
  }

  /// The code by which the client shows it holds `token`.
  package static func clientProof(token: AccessToken, agentNonce: [UInt8], clientNonce: [UInt8]) -> [UInt8] {
    HMACSHA256.code(for: Array("sluice-client-v1".utf8) + [0] + agentNonce + clientNonce, key: token.bytes)
  }

  /// The client's first line.
  package static func clientNonceLine(_ nonce: [UInt8]) -> String {
    #"{"clientNonce":""# + hex(nonce) + #""}"#
  }

  /// The agent's answer to it.
  package static func agentLine(nonce: [UInt8], proof: [UInt8]) -> String {
    #"{"agentNonce":""# + hex(nonce) + #"","agentProof":""# + hex(proof) + #""}"#
  }

  /// The client's second line.
  package static func clientProofLine(_ proof: [UInt8]) -> String {
    #"{"clientProof":""# + hex(proof) + #""}"#
  }

  /// `bytes` as lowercase hexadecimal digits.
  package static func hex(_ bytes: [UInt8]) -> String {
    let digits = Array("0123456789abcdef".utf8)
    return String(decoding: bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0x0f)]] }, as: UTF8.self)
  }

  /// The bytes `text` spells in hexadecimal (either case), or nil unless it spells exactly
  /// `count` of them.
  package static func bytes(fromHex text: String, count: Int) -> [UInt8]? {
    let digits = Array(text.utf8)
    guard digits.count == count * 2 else { return nil }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(count)
    for index in stride(from: 0, to: digits.count, by: 2) {
      guard let high = value(ofHexDigit: digits[index]), let low = value(ofHexDigit: digits[index + 1]) else {
        return nil
      }
      bytes.append(high << 4 | low)
    }
    return bytes
  }

  private static func value(ofHexDigit digit: UInt8) -> UInt8? {
    switch digit {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
    default: nil
    }
  }

  /// The handshake's fields a line holds, each nil if absent; nil if the line is no JSON
  /// object of strings.
  struct Message: Decodable {
    var clientNonce: String?
    var clientProof: String?
    var agentNonce: String?
    var agentProof: String?
    /// The old handshake's only field: a client that sends the token itself.
    var token: String?

    init?(_ line: String) {
      guard let message = try? JSONDecoder().decode(Message.self, from: Data(line.utf8)) else { return nil }
      self = message
    }
  }
}
