/// How long a connection to the page's server may stay silent, and how many may be open at
/// once: a local user who opens connections and sends half a request must not take the
/// shell's descriptors.
package struct PageServerLimits: Sendable {
  /// How long a connection may send nothing before it is closed: a request's head that stops
  /// half-way, a keep-alive connection left open, or a page whose browser no longer answers
  /// the socket's pings (sent every 30 seconds).
  package var idleTimeout: Duration
  /// The most connections open at once, pages' sockets included; more wait unaccepted, in
  /// the system's queue, until one closes.
  package var maximumConnections: Int

  /// Limits of `idleTimeout` and `maximumConnections`.
  package init(idleTimeout: Duration, maximumConnections: Int) {
    self.idleTimeout = idleTimeout
    self.maximumConnections = maximumConnections
  }

  /// A minute of silence (two missed pings), and 64 connections: a browser opens six or so
  /// per page, and a socket for each of its tabs.
  package static let standard = PageServerLimits(idleTimeout: .seconds(60), maximumConnections: 64)
}
