#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import NIOCore

/// The channel handler of one client connection: frames its bytes into lines, checks the
/// token of a TCP client, hands the lines to the engine's handler one at a time, and closes
/// the connection, after an error line, on bad input.
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
  /// The token a TCP client must send first; nil once it did, and for the Unix socket.
  private var awaitedToken: AccessToken?
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
    id: Int, configuration: AgentConfiguration, token: AccessToken?, handler: any AgentConnectionHandler,
    registry: ClientRegistry
  ) {
    self.id = id
    self.configuration = configuration
    self.handler = handler
    self.registry = registry
    awaitedToken = token
    framer = LineFramer(limit: configuration.maximumLineLength)
  }

  func channelActive(context: ChannelHandlerContext) {
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
    if awaitedToken == nil { announce() }
    context.read()
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    guard !failed else { return }
    var bytes = unwrapInboundIn(data)
    framer.append(&bytes)
    do throws(LineFramer.Failure) {
      while !failed, let line = try framer.nextLine() {
        guard !line.isEmpty else { continue }
        if let token = awaitedToken {
          check(line, against: token, context: context)
        } else {
          linesInHandling += 1
          events?.yield(.line(line))
        }
      }
    } catch {
      switch error {
      case .tooLong(let limit): fail("line longer than \(limit) bytes", context: context)
      case .notUTF8: fail("the line is not valid UTF-8", context: context)
      }
    }
  }

  func channelReadComplete(context: ChannelHandlerContext) {
    if linesInHandling == 0, !failed { context.read() }
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
    client?.markClosed()
    if let client { registry.remove(client) }
    if announced { events?.yield(.disconnected) }
    events?.finish()
    events = nil
    context.fireChannelInactive()
  }

  /// The client will send nothing more but still reads: the handler answers what it has.
  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    if case ChannelEvent.inputClosed = event, announced, !failed {
      events?.yield(.inputEnded)
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

  /// Handles a TCP client's first line, which must be `{"token":"…"}` with the right token.
  private func check(_ line: String, against token: AccessToken, context: ChannelHandlerContext) {
    struct Greeting: Decodable { var token: String }
    guard let greeting = try? JSONDecoder().decode(Greeting.self, from: Data(line.utf8)) else {
      fail(#"the first line over TCP must be {"token":"…"}"#, context: context)
      return
    }
    guard token.matches(greeting.token.utf8) else {
      fail("wrong token", context: context)
      return
    }
    awaitedToken = nil
    announce()
  }

  private func announce() {
    announced = true
    events?.yield(.connected)
  }

  /// Reads nothing more; once the lines read before are handled (their answers queued), sends
  /// the error line for `message` after those answers and closes the connection.
  private func fail(_ message: String, context: ChannelHandlerContext) {
    failed = true
    failure = message
    if linesInHandling == 0 { sendFailure() }
    // A client that reads nothing could keep the error line from ever being written.
    let channel = context.channel
    channel.eventLoop.scheduleTask(in: .seconds(5)) { channel.close(promise: nil) }
  }

  private func sendFailure() {
    guard let failure else { return }
    self.failure = nil
    client?.sendLastLine(configuration.errorLine(failure))
  }
}
