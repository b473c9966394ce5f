import SluiceAgentAccess

/// What `sluice attach` and `sluice run --attach` are pointed at: a program's process id, the
/// path of its agent's socket, or the `host:port` its agent listens on with a token.
enum AttachTarget: Equatable {
  /// A process id, looked up among the programs the runtime folder lists.
  case process(Int32)
  /// A Unix domain socket's path.
  case socket(String)
  /// A TCP address.
  case tcp(host: String, port: Int)

  /// Reads `text`: digits are a process id, text with a `/` a socket's path, and `host:port`
  /// (or `[v6]:port`) an address.
  init(parsing text: String) throws(AttachError) {
    if let pid = Int32(text), pid > 0 {
      self = .process(pid)
    } else if text.contains("/") {
      self = .socket(text)
    } else if let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]),
      (1...65_535).contains(port), colon != text.startIndex
    {
      var host = String(text[..<colon])
      if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
      self = .tcp(host: host, port: port)
    } else {
      throw AttachError(
        "'\(text)' is no process id, socket path or host:port; `sluice attach` lists the programs to attach to")
    }
  }

  /// Where to connect: a process id becomes its agent's socket.
  func resolved(in scan: AgentDirectoryScan) throws(AttachError) -> AttachTarget {
    guard case .process(let pid) = self else { return self }
    guard let listing = scan.live.first(where: { $0.pid == pid }) else {
      let running = scan.live.map { "\($0.pid) (\($0.program))" }
      throw AttachError(
        "no program with pid \(pid) is attachable"
          + (running.isEmpty ? "; none is running with a Sluice agent" : "; attachable: " + running.joined(separator: ", ")))
    }
    return .socket(listing.socket)
  }
}

/// Why attaching failed, as one line.
struct AttachError: Error, CustomStringConvertible {
  let message: String

  init(_ message: String) {
    self.message = message
  }

  var description: String { message }
}
