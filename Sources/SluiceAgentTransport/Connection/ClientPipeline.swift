import NIOCore
import SluiceAgentAccess

/// The handlers of a client's connection, in order: lines from bytes
/// (``LineFrameDecoder``, small ones until a TCP client is in), over TCP the handshake
/// (``AgentHandshakeHandler``), then the client's delivery to the engine
/// (``ClientConnection``). The server's channels and the tests' embedded ones are made alike.
enum ClientPipeline {
  /// Adds the handlers of client `id` to `pipeline`; `token` and `gate` (TCP only): the
  /// client must prove it holds `token`, in one of `gate`'s places.
  static func addHandlers(
    to pipeline: ChannelPipeline.SynchronousOperations, id: Int, configuration: AgentConfiguration,
    token: AccessToken?, gate: AuthenticationGate?, handler: any AgentConnectionHandler, registry: ClientRegistry
  ) throws {
    let limit = LineFrameDecoder.Limit(
      bytes: token == nil
        ? configuration.maximumLineLength : min(configuration.authenticationLineLimit, configuration.maximumLineLength))
    try pipeline.addHandler(ByteToMessageHandler(LineFrameDecoder(limit: limit)))
    if let token, let gate {
      try pipeline.addHandler(AgentHandshakeHandler(token: token, gate: gate, configuration: configuration, limit: limit))
    }
    try pipeline.addHandler(
      ClientConnection(
        id: id, configuration: configuration, authenticated: token == nil, handler: handler, registry: registry))
  }
}
