import SluiceAgent

/// The secret in the page's address (`?token=…`), as Jupyter's: anyone on the machine can
/// connect to a port on 127.0.0.1, so every request must show it.
struct PageToken: Sendable {
  /// The token as the address spells it: 64 hexadecimal digits.
  let text: String
  /// The cookie that carries the token to the page's own files once the page was opened
  /// with it (its script and style sheet are asked for without a query): a name of this
  /// server's, since cookies on 127.0.0.1 are shared by every port.
  let cookieName: String
  private let token: AccessToken

  /// A new token of 32 random bytes, from the system's secure generator.
  init() {
    let spelled = Self.randomHex(bytes: 32)
    text = String(decoding: spelled, as: UTF8.self)
    cookieName = "sluice-page-" + String(decoding: Self.randomHex(bytes: 4), as: UTF8.self)
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

  /// The `Set-Cookie` value that lets the page's files through.
  var cookie: String {
    "\(cookieName)=\(text); Path=/; HttpOnly; SameSite=Strict"
  }

  /// Whether a request to `target` with the `Cookie` header `cookies` shows the token.
  func admits(target: String, cookies: String?) -> Bool {
    matches(Self.presented(in: target)) || matches(presented(inCookies: cookies))
  }

  /// The token the `Cookie` header carries under this server's name, if any.
  private func presented(inCookies cookies: String?) -> Substring? {
    guard let cookies else { return nil }
    for pair in cookies.split(separator: ";") {
      let pair = pair.drop { $0 == " " }
      if pair.hasPrefix(cookieName + "=") { return pair.dropFirst(cookieName.count + 1) }
    }
    return nil
  }

  /// Whether `presented` is the token, compared in constant time.
  func matches(_ presented: Substring?) -> Bool {
    guard let presented else { return false }
    return token.matches(presented.utf8)
  }

  /// The token a request's target carries in its query (`/ws?token=…`), if any.
  static func presented(in target: String) -> Substring? {
    guard let query = target.split(separator: "?", maxSplits: 1).dropFirst().first else { return nil }
    for pair in query.split(separator: "&") where pair.hasPrefix("token=") {
      return pair.dropFirst("token=".count)
    }
    return nil
  }
}
