import Foundation
import SluiceAgentAccess
import SluiceDAP
import SluiceReporting

extension AgentConnection: RelayLink {
  /// The longest greeting read: a `hello` names the program's stores.
  static let greetingLimit = 64 << 10

  /// Connects `sluice dap`'s `attach` to the program it names, exactly as `sluice attach`
  /// connects (a process id resolved through the runtime folder, the TCP handshake with the
  /// token file), and reads the agent's greeting: an agent that refuses the client (another
  /// debugger is attached) fails the `attach` with its reason.
  static func relay(for request: RelayRequest) throws(AdapterError) -> any RelayLink {
    let target: AttachTarget
    var tokenFile: String?
    switch request.target {
    case .process(let pid): target = .process(pid)
    case .socket(let path): target = .socket(path)
    case .tcp(let host, let port, let file): (target, tokenFile) = (.tcp(host: host, port: port), file)
    }
    do throws(AttachError) {
      let connection = try AttachedRun(format: .json, tokenFile: tokenFile) { _, _ in }.connect(to: target)
      try connection.readGreeting()
      return connection
    } catch {
      throw AdapterError(error.message)
    }
  }

  /// Reads the agent's first line: its `hello`, or the error it refused the client with.
  private func readGreeting() throws(AttachError) {
    let line: String?
    do {
      line = try socketLine(limit: Self.greetingLimit, timeout: Self.handshakeTimeout)
    } catch {
      throw AttachError(error.message)
    }
    guard let line else { throw AttachError("the program closed the connection before greeting") }
    switch (try? JSONDecoder().decode(ProtocolEvent.self, from: Data(line.utf8)))?.payload {
    case .hello?: return
    case .error(let error)?: throw AttachError(error.message)
    default: throw AttachError("the program greeted with no `hello`: \(line.prefix(200))")
    }
  }
}
