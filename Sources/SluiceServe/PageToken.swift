import HummingbirdCore
import SluiceAgentAccess

/// The secret in the page's address (`?token=…`), as Jupyter's: anyone on the machine can
/// connect to a port on 127.0.0.1, so every request must show it, in its own address.
///
/// Never in a cookie: cookies are not kept apart by port, and SameSite counts every port of
/// 127.0.0.1 as one site, so a cookie set here would go to every other server on 127.0.0.1,
/// another user's or any development server, whose pages could then use it.
struct PageToken: Sendable {
  /// The token as the address spells it: 64 hexadecimal digits.
  let text: String
  private let token: AccessToken

  /// A new token of 32 random bytes, from the system's secure generator.
  init() {
    let spelled = Self.randomHex(bytes: 32)
    text = String(decoding: spelled, as: UTF8.self)
    token = AccessToken(bytes: spelled)
  }

  private static func randomHex(bytes count: Int) -> [UInt8] {
    var generator = SystemRandomNumberGenerator()
    let digits = Array("0123456789abcdef".utf8)
    return (0..<count).flatMap { _ in
      let byte = UInt8.random(in: .min ... .max, using: &generator)
      return [digits[Int(byte >> 4)], digits[Int(byte & 0x0f)]]
    }
  }

  /// Whether the request's address `uri` shows the token in its query (`?token=…`).
  func admits(_ uri: URI) -> Bool {
    matches(uri.queryParameters["token"])
  }

  /// Whether `presented` is the token, compared in constant time.
  private func matches(_ presented: Substring?) -> Bool {
    guard let presented else { return false }
    return token.matches(presented.utf8)
  }
}
