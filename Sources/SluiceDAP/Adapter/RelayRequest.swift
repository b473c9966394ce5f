import SluiceReporting

/// What an editor's `attach` asks of the adapter's owner: connect to a running program's
/// agent, as `sluice attach` does, and relay the conversation to the adapter inside it
/// (``DebugAdapter/init(attachingTo:)``), which answers the `attach` itself.
package struct RelayRequest: Sendable, Equatable {
  /// Where the program is.
  package enum Target: Sendable, Equatable {
    /// A process id, found among the programs the agents' runtime folder lists.
    case process(Int32)
    /// The agent's Unix domain socket.
    case socket(String)
    /// An agent listening on TCP, which proves it holds the token in `tokenFile` first.
    case tcp(host: String, port: Int, tokenFile: String)
  }

  /// Where to connect.
  package var target: Target
  /// The requests this adapter answered before (`initialize`, breakpoints set early), to
  /// be sent to the program's adapter first; their answers there are not the editor's news.
  package var configuration: [[UInt8]]
  /// The `seq`s of those requests, whose responses the owner drops.
  package var configurationSeqs: Set<Int>

  /// The longest line a program's agent reads (its transport's limit), newline included.
  package static let maximumLineBytes = (1 << 20) - 1

  /// The line that tells the agent the client speaks the Debug Adapter Protocol.
  package static let settingsLine = #"{"attach": {"debugAdapter": true}}"#

  /// The target `arguments` of `attach` name: `pid`, `socket`, or `host` and `port` with
  /// `tokenFile`.
  static func target(of arguments: Arguments) throws(AdapterError) -> Target {
    // A picker (VS Code's `${command:…}`) gives the process id as text.
    let pid: Int?
    if case .string(let text)? = arguments["pid"] {
      guard let number = Int(text) else { throw AdapterError("`pid` \(text.debugDescription) is no process id") }
      pid = number
    } else {
      pid = try arguments.integer("pid")
    }
    let socket = try arguments.string("socket")
    let host = try arguments.string("host")
    let port = try arguments.integer("port")
    let named = [pid != nil, socket != nil, host != nil || port != nil].filter { $0 }.count
    guard named == 1 else {
      throw AdapterError(
        named == 0
          ? "`attach` needs the program: `pid`, `socket`, or `host` and `port` with `tokenFile`"
          : "`attach` takes one of `pid`, `socket`, or `host` and `port`")
    }
    if let pid {
      guard let pid = Int32(exactly: pid), pid > 0 else { throw AdapterError("`pid` \(pid) is no process id") }
      return .process(pid)
    }
    if let socket {
      guard !socket.isEmpty else { throw AdapterError("`socket` is empty") }
      return .socket(socket)
    }
    guard let host, !host.isEmpty, let port, (1...65_535).contains(port) else {
      throw AdapterError("TCP needs both `host` and `port` (1 to 65535)")
    }
    guard let tokenFile = try arguments.string("tokenFile"), !tokenFile.isEmpty else {
      throw AdapterError("TCP needs the agent's token: give `tokenFile`, the file holding it")
    }
    return .tcp(host: host, port: port, tokenFile: tokenFile)
  }
}
