#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import NIOCore
import SluiceAgentAccess

/// The channel handler of one client connection: frames its bytes into lines, runs a TCP
/// client's handshake, hands the lines to the engine's handler one at a time, and closes the
/// connection, after an error line, on bad input.
///
/// Until a TCP client has proved it holds the token it costs little and not for long: its
/// lines may be at most `authenticationLineLimit` bytes, it holds one of the gate's few places,
/// it is closed when it ends its input, and at the deadline.
///
/// The channel does not read by itself (`autoRead` is off): it reads again only once every
/// line read so far has been handled, so that a client sending faster than the engine answers
/// waits in its socket buffer rather than in memory here.
final class ClientConnection: ChannelInboundHandler {
  typealias InboundIn = ByteBuffer

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
  /// A TCP client's handshake; nil once it is done, and for the Unix socket.
  private var handshake: AgentHandshake?
  /// The places of the TCP connections in the handshake.
  private let gate: AuthenticationGate?
  /// This connection holds one of the gate's places.
  private var holdsPlace = false
  /// Closes a TCP client that has not finished the handshake in time.
  private var deadline: Scheduled<Void>?
  /// The client's proof is in, its answer waits for the gate's delay: nothing more is read.
  private var awaitingVerdict = false
  private var framer: LineFramer
  private var client: AgentClient?
  private var events: AsyncStream<Event>.Continuation?
  /// Lines handed to the delivery task whose handling has not finished.
  private var linesInHandling = 0
  /// The connection broke the rules; it reads nothing more and is closing.
  private var failed = false
  /// The error line to send once the lines before it are handled.
  private var failure: String?
  /// The handler was told `connected`, so it must be told `disconnected`.
  private var announced = false
  /// The connection's channel, to read from once the handler has caught up.
  private var channel: (any Channel)?

  init(
    id: Int, configuration: AgentConfiguration, token: AccessToken?, gate: AuthenticationGate?,
    handler: any AgentConnectionHandler, registry: ClientRegistry
  ) {
    self.id = id
    self.configuration = configuration
    self.handler = handler
    self.registry = registry
    self.gate = gate
    handshake = token.map { AgentHandshake(token: $0) }
    framer = LineFramer(
      limit: token == nil
        ? configuration.maximumLineLength : min(configuration.authenticationLineLimit, configuration.maximumLineLength))
  }

  func channelActive(context: ChannelHandlerContext) {
    registry.connectionOpened()
    if handshake != nil {
      guard let gate, gate.enter() else {
        refuseForLackOfPlace(context: context)
        return
      }
      holdsPlace = true
    }
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
      context.close(promise: nil)
      return
    }
    if handshake == nil {
      announce()
    } else {
      let timeout = configuration.authenticationTimeout
      let connection = NIOLoopBound(self, eventLoop: context.eventLoop)
      deadline = context.eventLoop.scheduleTask(in: TimeAmount(timeout)) {
        connection.value.fail("no handshake within \(timeout); the connection is closed")
      }
    }
    context.read()
  }

  /// Answers a TCP client beyond the gate's bound with an error line, and closes.
  private func refuseForLackOfPlace(context: ChannelHandlerContext) {
    let line = configuration.errorLine(
      "too many connections (\(gate?.limit ?? 0)) are in the handshake at once; try again in a few seconds")
    let channel = context.channel
    var bytes = channel.allocator.buffer(capacity: line.utf8.count + 1)
    bytes.writeString(line)
    bytes.writeInteger(UInt8(ascii: "\n"))
    channel.writeAndFlush(bytes).whenComplete { _ in channel.close(promise: nil) }
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    guard !failed else { return }
    var bytes = unwrapInboundIn(data)
    framer.append(&bytes)
    do throws(LineFramer.Failure) {
      while !failed, let line = try framer.nextLine() {
        guard !line.isEmpty else { continue }
        if handshake != nil {
          authenticate(line)
        } else {
          linesInHandling += 1
          if let client { handler.noticed(line, from: client) }
          events?.yield(.line(line))
        }
      }
    } catch {
      switch error {
      case .tooLong(let limit): fail("line longer than \(limit) bytes")
      case .notUTF8: fail("the line is not valid UTF-8")
      }
    }
  }

  func channelReadComplete(context: ChannelHandlerContext) {
    if linesInHandling == 0, !failed, !awaitingVerdict { context.read() }
  }

  /// The delivery task finished handling a line: once all are, read more, or send the error.
  private func lineHandled() {
    linesInHandling -= 1
    guard linesInHandling == 0 else { return }
    if failed { sendFailure() } else { channel?.read() }
  }

  func handlerAdded(context: ChannelHandlerContext) {
    channel = context.channel
  }

  func channelInactive(context: ChannelHandlerContext) {
    registry.connectionClosed()
    leaveGate()
    client?.markClosed()
    if let client { registry.remove(client) }
    if announced { events?.yield(.disconnected) }
    events?.finish()
    events = nil
    context.fireChannelInactive()
  }

  /// The client will send nothing more but still reads: the handler answers what it has. A
  /// TCP client that ends its input before it has proved itself is closed at once.
  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    if case ChannelEvent.inputClosed = event {
      if !announced {
        context.close(promise: nil)
      } else if !failed {
        events?.yield(.inputEnded)
      }
    }
    context.fireUserInboundEventTriggered(event)
  }

  func channelWritabilityChanged(context: ChannelHandlerContext) {
    if context.channel.isWritable { client?.writeWaitingLines() }
    context.fireChannelWritabilityChanged()
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    // A reset or a broken pipe: the client is gone.
    context.close(promise: nil)
  }

  /// Hands a TCP client's line to the handshake, and does what it says.
  private func authenticate(_ line: String) {
    guard var handshake else { return }
    let outcome = handshake.receive(line)
    self.handshake = handshake
    switch outcome {
    case .answer(let reply):
      client?.send(reply)
    case .refused(let message):
      fail(message)
    case .authenticated, .wrongToken:
      // After wrong proofs every answer waits, so that a guess is slow whether it is right.
      let delay = gate?.delay ?? .zero
      guard delay > .zero, let channel else {
        conclude(outcome)
        return
      }
      awaitingVerdict = true
      let connection = NIOLoopBound(self, eventLoop: channel.eventLoop)
      channel.eventLoop.scheduleTask(in: delay) { connection.value.conclude(outcome) }
    }
  }

  /// Admits or refuses the client whose proof was checked.
  private func conclude(_ outcome: AgentHandshake.Outcome) {
    let waited = awaitingVerdict
    awaitingVerdict = false
    guard !failed, channel?.isActive == true else { return }
    guard outcome == .authenticated else {
      gate?.failed()
      fail("wrong token: the client's proof does not match the agent's token file")
      return
    }
    gate?.succeeded()
    handshake = nil
    deadline?.cancel()
    deadline = nil
    leaveGate()
    framer.limit = configuration.maximumLineLength
    announce()
    // Reading stopped while the answer waited; otherwise the read in progress goes on.
    if waited { channel?.read() }
  }

  /// Gives back this connection's place in the handshake, if it holds one.
  private func leaveGate() {
    deadline?.cancel()
    deadline = nil
    guard holdsPlace else { return }
    holdsPlace = false
    gate?.leave()
  }

  private func announce() {
    announced = true
    events?.yield(.connected)
  }

  /// Reads nothing more; once the lines read before are handled (their answers queued), sends
  /// the error line for `message` after those answers and closes the connection.
  private func fail(_ message: String) {
    guard !failed, let channel else { return }
    failed = true
    failure = message
    if linesInHandling == 0 { sendFailure() }
    // A client that reads nothing could keep the error line from ever being written.
    channel.eventLoop.scheduleTask(in: .seconds(5)) { channel.close(promise: nil) }
  }

  private func sendFailure() {
    guard let failure else { return }
    self.failure = nil
    client?.sendLastLine(configuration.errorLine(failure))
  }
}
