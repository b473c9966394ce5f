#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import SluiceFiles
import SluiceAgentAccess

/// A program's listening end of `sluice attach`: a Unix domain socket in the runtime folder,
/// TCP too if asked, and the discovery file that names them.
///
/// Runs on NIO's shared event loop group (`MultiThreadedEventLoopGroup.singleton`): a program
/// has a handful of debugger connections at most, the group's threads start on first use and
/// live as long as the process, so there is no group to shut down when the program exits and
/// no thread started per server.
package final class AgentServer: Sendable {
  /// The runtime folder holding the socket and the discovery file.
  package let folder: AgentFolder
  /// The Unix domain socket's path.
  package let socketPath: String
  /// The TCP port bound, if TCP is on.
  package let tcpPort: Int?
  /// The discovery file's path.
  package var discoveryPath: String { discovery.path }

  private let discovery: DiscoveryFile
  private let channels: [any Channel]
  private let registry: ClientRegistry
  private let state: NIOLockedValueBox<(listing: AgentListing, stopped: Bool)>

  private init(
    folder: AgentFolder, socketPath: String, tcpPort: Int?, discovery: DiscoveryFile, channels: [any Channel],
    registry: ClientRegistry, listing: AgentListing
  ) {
    self.folder = folder
    self.socketPath = socketPath
    self.tcpPort = tcpPort
    self.discovery = discovery
    self.channels = channels
    self.registry = registry
    state = NIOLockedValueBox((listing, false))
  }

  /// Checks the runtime folder (and the token file, for TCP), listens, and writes the
  /// discovery file. Throws, having left nothing behind, if any of it cannot be done safely.
  package static func start(
    configuration: AgentConfiguration,
    handler: any AgentConnectionHandler
  ) async throws -> AgentServer {
    let folder = try AgentFolder.prepare(
      environment: configuration.environment ?? AgentFolder.processEnvironment(),
      owner: configuration.owner
    )
    let name = configuration.name ?? "\(getpid())"
    let socketPath = folder.file(name + ".sock")
    let discovery = DiscoveryFile(path: folder.file(name + ".json"))
    var token: AccessToken?
    if let tcp = configuration.tcp {
      guard let tokenFile = tcp.tokenFile else {
        throw AgentError("no token, no TCP: TCP needs a token file, a file only you can read holding a secret")
      }
      token = try AccessToken.read(from: tokenFile, owner: configuration.owner)
    }
    try SocketFile.prepare(socketPath)

    let registry = ClientRegistry()
    var channels: [any Channel] = []
    do {
      let socket = try await bootstrap(configuration, token: nil, gate: nil, handler, registry)
        .bind(unixDomainSocketPath: socketPath).get()
      channels.append(socket)
      // Not umask around bind: the umask is the whole process's and would change the mode of
      // files other threads create meanwhile. chmod just after bind leaves the socket with the
      // umask's mode for a moment, which is safe because the folder is 0700 and its owner's:
      // no one else can reach the socket through it in that moment or after.
      guard chmod(socketPath, 0o600) == 0 else {
        throw AgentError("cannot set the mode of the socket \(socketPath): \(errorText())")
      }
      var tcpPort: Int?
      var tcpAddress: String?
      if let tcp = configuration.tcp {
        let gate = AuthenticationGate(limit: configuration.maximumUnauthenticatedConnections)
        let listener = try await bootstrap(configuration, token: token, gate: gate, handler, registry)
          .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
          .bind(host: tcp.host, port: tcp.port).get()
        channels.append(listener)
        tcpPort = listener.localAddress?.port
        tcpAddress = tcpPort.map { tcp.host.contains(":") ? "[\(tcp.host)]:\($0)" : "\(tcp.host):\($0)" }
      }
      let listing = AgentListing(
        pid: getpid(), program: configuration.programName, stores: configuration.stores, socket: socketPath,
        tcp: tcpAddress, protocolVersion: configuration.protocolVersion,
        // Whole seconds, as the file's ISO 8601 date holds it: the listing read back is this one.
        started: Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
      )
      try discovery.write(listing)
      return AgentServer(
        folder: folder, socketPath: socketPath, tcpPort: tcpPort, discovery: discovery, channels: channels,
        registry: registry, listing: listing
      )
    } catch {
      for channel in channels { try? await channel.close() }
      SocketFile.remove(socketPath)
      throw error
    }
  }

  /// The listening servers' shared setup: one `ClientConnection` per client, reading only on
  /// demand, writing under 64 KiB of pending bytes.
  private static func bootstrap(
    _ configuration: AgentConfiguration, token: AccessToken?, gate: AuthenticationGate?,
    _ handler: any AgentConnectionHandler, _ registry: ClientRegistry
  ) -> ServerBootstrap {
    ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
      .serverChannelOption(ChannelOptions.backlog, value: 16)
      .childChannelOption(ChannelOptions.autoRead, value: false)
      // A client that has sent everything (a script) half-closes and reads on: the handler
      // hears `inputEnded` and answers the rest.
      .childChannelOption(ChannelOptions.allowRemoteHalfClosure, value: true)
      .childChannelOption(ChannelOptions.writeBufferWaterMark, value: .init(low: 32 << 10, high: 64 << 10))
      .childChannelInitializer { channel in
        channel.eventLoop.makeCompletedFuture {
          try ClientPipeline.addHandlers(
            to: channel.pipeline.syncOperations, id: registry.nextID(), configuration: configuration, token: token,
            gate: gate, handler: handler, registry: registry)
        }
      }
  }

  /// Rewrites the discovery file with these store names.
  package func updateStores(_ stores: [String]) throws(AgentError) {
    let listing = state.withLockedValue { state -> AgentListing? in
      guard !state.stopped else { return nil }
      state.listing.stores = stores
      return state.listing
    }
    if let listing { try discovery.write(listing) }
  }

  /// How many client connections are open now, authenticated or not: the changes as they
  /// happen, starting with the count now. Ends when the server stops.
  package func openConnectionCounts() -> AsyncStream<Int> {
    registry.openConnectionCounts()
  }

  /// The listing the discovery file holds.
  package var listing: AgentListing { state.withLockedValue { $0.listing } }

  /// Stops listening, closes every client connection, waits until each handler has heard
  /// `disconnected`, and removes the socket and the discovery file. Stopping twice does nothing.
  package func stop() async {
    let first = state.withLockedValue { state in
      defer { state.stopped = true }
      return !state.stopped
    }
    guard first else { return }
    discovery.remove()
    let (clients, deliveries) = registry.stop()
    for channel in channels { try? await channel.close() }
    for client in clients { client.close() }
    for delivery in deliveries { await delivery.value }
    SocketFile.remove(socketPath)
  }
}
