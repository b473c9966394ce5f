#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What a discovery file says of a running program: `sluice attach` reads these to find the
/// programs it can attach to and the socket (or TCP address) of each.
package struct AgentListing: Codable, Sendable, Equatable {
  package var pid: Int32
  /// The program's name, the last part of its executable's path.
  package var program: String
  /// The names of the stores the program made debuggable.
  package var stores: [String]
  /// The path of the Unix domain socket.
  package var socket: String
  /// `host:port` while the program also listens on TCP; absent otherwise.
  package var tcp: String?
  /// The version of the protocol spoken over the connection.
  package var protocolVersion: Int
  package var started: Date

  package init(
    pid: Int32, program: String, stores: [String], socket: String, tcp: String?, protocolVersion: Int,
    started: Date
  ) {
    self.pid = pid
    self.program = program
    self.stores = stores
    self.socket = socket
    self.tcp = tcp
    self.protocolVersion = protocolVersion
    self.started = started
  }

  /// The listing as the JSON a discovery file holds.
  package func encoded() throws(AgentError) -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601
    encoder.outputFormatting = [.sortedKeys]
    do { return Array(try encoder.encode(self)) } catch {
      throw AgentError("cannot encode the discovery listing: \(error)")
    }
  }

  /// The listing in a discovery file's `bytes`, or nil if they are not one.
  package static func decoded(from bytes: [UInt8]) -> AgentListing? {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return try? decoder.decode(AgentListing.self, from: Data(bytes))
  }
}
