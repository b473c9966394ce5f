import NIOCore

/// The last handler of a client's pipeline, after the line decoder (and, over TCP, the
/// handshake's handler): hands the client's lines to the engine's handler one at a time, on a
/// task of its own, and reads again only once they are handled (``ConnectionState`` holds the
/// rules; the channel does not read by itself, `autoRead` is off).
///
/// The client (``AgentClient``) and its delivery task are made only once it is in: at once on
/// the Unix socket, after ``AgentHandshakeHandler/Authenticated`` over TCP.
final class ClientConnection: ChannelInboundHandler {
  typealias InboundIn = String

  /// What the client's delivery task hands to the engine, in order.
  private enum Event: Sendable {
    case connected
    case line(String)
    case inputEnded
    case disconnected
  }

  private let id: Int
  private let configuration: AgentConfiguration
  private let handler: any AgentConnectionHandler
  private let registry: ClientRegistry
  private var state: ConnectionState
  private var client: AgentClient?
  private var events: AsyncStream<Event>.Continuation?
  /// The connection's context, to read from once the engine has caught up.
  private var context: ChannelHandlerContext?

  /// The connection of client `id`; `authenticated`: it is in from the start (the Unix
  /// socket), else it waits for the handshake's handler.
  init(
    id: Int, configuration: AgentConfiguration, authenticated: Bool, handler: any AgentConnectionHandler,
    registry: ClientRegistry
  ) {
    self.id = id
    self.configuration = configuration
    self.handler = handler
    self.registry = registry
    state = ConnectionState(authenticated: authenticated)
  }

  func handlerAdded(context: ChannelHandlerContext) {
    self.context = context
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    self.context = nil
  }

  func channelActive(context: ChannelHandlerContext) {
    registry.connectionOpened()
    perform(state.activated(), context: context)
    context.fireChannelActive()
  }

  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    if event is AgentHandshakeHandler.Authenticated {
      return perform(state.authenticated(), context: context)
    }
    if case ChannelEvent.inputClosed = event { perform(state.inputClosed(), context: context) }
    context.fireUserInboundEventTriggered(event)
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    let line = unwrapInboundIn(data)
    guard state.received(line) == .deliver else { return }
    if let client { handler.noticed(line, from: client) }
    events?.yield(.line(line))
  }

  func channelReadComplete(context: ChannelHandlerContext) {
    perform(state.readCompleted(), context: context)
  }

  func channelInactive(context: ChannelHandlerContext) {
    registry.connectionClosed()
    client?.markClosed()
    if let client { registry.remove(client) }
    if state.closed() == .disconnect { events?.yield(.disconnected) }
    events?.finish()
    events = nil
    context.fireChannelInactive()
  }

  func channelWritabilityChanged(context: ChannelHandlerContext) {
    if context.channel.isWritable { client?.writeWaitingLines() }
    context.fireChannelWritabilityChanged()
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    guard let failure = error as? LineFrameDecoder.Failure else {
      // A reset or a broken pipe: the client is gone. (Input after a refused line is
      // dropped by the decoder, which says so here too: the refusal is under way.)
      if !(error is ByteToMessageDecoderError) { context.close(promise: nil) }
      return
    }
    perform(state.failed(failure.message), context: context)
  }

  /// The delivery task finished handling a line.
  private func lineHandled() {
    guard let context else { return }
    perform(state.handled(), context: context)
  }

  /// Does what a transition returned.
  private func perform(_ action: ConnectionState.Action, context: ChannelHandlerContext) {
    switch action {
    case .none, .deliver, .disconnect: break
    case .read: context.read()
    case .announce: announce(context: context)
    case .sendFailure(let message):
      client?.sendLastLine(configuration.errorLine(message))
      // A client that reads nothing could keep the error line from ever being written. The
      // wait starts once the line is queued, after the engine answered the lines before it,
      // however long that took.
      let channel = context.channel
      channel.eventLoop.scheduleTask(in: .seconds(5)) { channel.close(promise: nil) }
    case .endInput: events?.yield(.inputEnded)
    case .close: context.close(promise: nil)
    }
  }

  /// Makes the client and its delivery task, tells the engine, and reads.
  private func announce(context: ChannelHandlerContext) {
    let client = AgentClient(id: id, channel: context.channel, configuration: configuration)
    self.client = client
    let (stream, continuation) = AsyncStream<Event>.makeStream()
    events = continuation
    let handler = self.handler
    let acknowledge = NIOLoopBound(self, eventLoop: context.eventLoop)
    let eventLoop = context.eventLoop
    let (registry, id) = (self.registry, self.id)
    let delivery = Task {
      defer { registry.deliveryFinished(id) }
      for await event in stream {
        switch event {
        case .connected: await handler.connected(client)
        case .line(let line):
          await handler.client(client, sent: line)
          eventLoop.execute { acknowledge.value.lineHandled() }
        case .inputEnded: await handler.inputEnded(client)
        case .disconnected: await handler.disconnected(client)
        }
      }
    }
    guard registry.add(client, delivery: delivery) else {
      // The server is stopping: this client is never announced, so never says goodbye.
      continuation.finish()
      events = nil
      _ = state.closed()
      context.close(promise: nil)
      return
    }
    continuation.yield(.connected)
    context.read()
  }
}
