#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How a program's stores are served to `sluice attach`: always on a Unix domain socket in a
/// private runtime folder, and on TCP only when asked, with a token.
public struct AgentConfiguration: Sendable {
  /// Listening on TCP as well, for a debugger on another machine or in a container.
  public struct TCP: Sendable {
    /// The address to bind to: loopback unless another is given.
    public var host: String
    /// The port; 0 lets the system choose one, which the discovery file names.
    public var port: Int
    /// The file holding the token a client must prove it holds (it is never sent). It must be
    /// a regular file owned by this user that no one else can read or write, holding at least
    /// 16 bytes: `head -c 32 /dev/urandom | base64 > FILE; chmod 600 FILE`. Without one, TCP
    /// is refused.
    public var tokenFile: String?

    /// TCP on `host` and `port`, for clients that prove they hold the token in `tokenFile`.
    public init(host: String = "127.0.0.1", port: Int = 0, tokenFile: String?) {
      self.host = host
      self.port = port
      self.tokenFile = tokenFile
    }
  }

  /// TCP as well as the Unix socket; nil (the default) for the socket alone.
  public var tcp: TCP?
  /// The longest line a client may send, in bytes; a longer one closes its connection.
  public var maximumLineLength = 1 << 20
  /// How many lines may wait for a client that reads slowly before further lines are dropped.
  public var outboundLineLimit = 4096
  /// How many bytes may wait for a client that reads slowly before further lines are dropped.
  public var outboundByteLimit = 8 << 20
  /// The longest a TCP client may take to finish the handshake that proves it holds the
  /// token; one that has not by then is closed.
  public var authenticationTimeout: Duration = .seconds(5)

  /// The longest line a TCP client may send before the handshake is done: its lines are
  /// under 100 bytes, and no one who has not authenticated makes the program hold more.
  package var authenticationLineLimit = 256
  /// How many TCP connections may be in the handshake at once; more are refused at once.
  package var maximumUnauthenticatedConnections = 16

  /// The variables that choose the runtime folder; nil for the process's own.
  package var environment: [String: String]?
  /// Who must own the runtime folder and the token file: this process's user unless a test
  /// says otherwise.
  package var owner: uid_t = getuid()
  /// The socket is `<name>.sock` and the discovery file `<name>.json`; the process id if nil.
  package var name: String?
  /// The program's name in the discovery file.
  package var programName: String = AgentConfiguration.executableName()
  /// The store names in the discovery file.
  package var stores: [String] = []
  /// The protocol version in the discovery file.
  package var protocolVersion = 1
  /// The line that tells a client how many lines it was not sent because it read too slowly.
  /// The transport speaks no protocol of its own: the agent makes it the protocol's
  /// `eventsDropped` event; the plain sentence is for the transport's own tests.
  package var droppedNotice: @Sendable (Int) -> String = { count in "\(count) lines were dropped" }
  /// The line sent before closing a connection that broke the rules, for a message. The
  /// agent makes it the protocol's `error` event; the message alone is for the transport's
  /// own tests.
  package var errorLine: @Sendable (String) -> String = { message in "error: \(message)" }

  /// The defaults: the Unix socket alone, 1 MiB lines, 4096 lines or 8 MiB waiting per client,
  /// 5 seconds for a TCP client's handshake.
  public init() {}

  private static func executableName() -> String {
    let path = CommandLine.arguments.first ?? "program"
    return path.split(separator: "/").last.map(String.init) ?? path
  }
}
