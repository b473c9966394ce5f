import NIOConcurrencyHelpers

/// The address the page is served at, `127.0.0.1:PORT`, against which every request's `Host`
/// and the WebSocket's `Origin` are checked: a browser sends the page's own origin with its
/// socket, and another page's (another port of 127.0.0.1, any site) with theirs; a request
/// whose `Host` is a name (`evil.example:PORT`) comes from a page whose name was made to
/// resolve to 127.0.0.1 (DNS rebinding). Until the server listens, its port is unknown and
/// every request is refused.
final class PageAuthority: Sendable {
  // `NIOLockedValueBox`: set once the server listens, read by every request.
  private let port = NIOLockedValueBox<Int?>(nil)

  /// The server listens on `port`.
  func listening(on port: Int) {
    self.port.withLockedValue { $0 = port }
  }

  /// `127.0.0.1:PORT`, the only `Host` the page's requests carry.
  var host: String? {
    port.withLockedValue { $0 }.map { "127.0.0.1:\($0)" }
  }

  /// `http://127.0.0.1:PORT`, the only `Origin` the page's socket is opened from.
  var origin: String? {
    host.map { "http://" + $0 }
  }

  /// Whether a request's `Host` (HTTP/1's, an `authority` to swift-http-types) is the page's.
  func admits(host presented: String?) -> Bool {
    guard let host, let presented else { return false }
    return presented == host
  }

  /// Whether the WebSocket's upgrade request, which ``TokenCheck`` admitted (the token in its
  /// query, its `Host` this address), is the page's own: its path exactly `/ws` (the router
  /// would also match `//ws`) and its `Origin` this page's.
  func admitsUpgrade(path: String, origin presentedOrigin: String?) -> Bool {
    guard let origin else { return false }
    return path == "/ws" && presentedOrigin == origin
  }
}
