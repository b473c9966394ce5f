import NIOCore
import SluiceAgentAccess

/// The handler that lets a TCP client in, between the line decoder and the client's
/// ``ClientConnection``: it answers the handshake (``AgentHandshake``) and, once the client
/// has proved it holds the token, raises the line limit, tells the connection
/// (``Authenticated``) and leaves the pipeline. Nothing of the client is made before that: a
/// connection that never authenticates costs this handler, and not for long.
///
/// - It holds one of the ``AuthenticationGate``'s few places while it runs; a connection
///   beyond them is answered with an error line and closed at once.
/// - It closes the connection at the handshake's deadline, when the client ends its input,
///   and after an error line when a line breaks the handshake or is refused by the decoder.
/// - A proof's answer waits for the gate's delay, reading nothing meanwhile; lines the client
///   sent after its proof wait for the answer too, and reach the connection after it.
final class AgentHandshakeHandler: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = String
  typealias InboundOut = String

  /// The user event the connection is told when the client is in.
  struct Authenticated {}

  private var handshake: AgentHandshake
  private let gate: AuthenticationGate
  private let configuration: AgentConfiguration
  private let limit: LineFrameDecoder.Limit
  private var stage = Stage.handshaking

  /// Where the handshake is.
  private enum Stage {
    /// Lines go to the handshake.
    case handshaking
    /// The proof is in; its answer waits for the gate's delay. The lines sent after it wait too.
    case awaitingVerdict(held: [String])
    /// The client is in: lines pass on to the connection, until this handler is removed.
    case admitted
    /// The handshake failed or the client went: nothing more is read or answered.
    case refused
  }

  /// Holds one of the gate's places: given back when the handshake ends, one way or another.
  private var holdsPlace = false
  private var deadline: Scheduled<Void>?

  /// A handshake on `token`; `limit` is the decoder's, raised once the client is in.
  init(token: AccessToken, gate: AuthenticationGate, configuration: AgentConfiguration, limit: LineFrameDecoder.Limit) {
    handshake = AgentHandshake(token: token)
    self.gate = gate
    self.configuration = configuration
    self.limit = limit
  }

  func channelActive(context: ChannelHandlerContext) {
    context.fireChannelActive()
    guard gate.enter() else {
      refuse(
        "too many connections (\(gate.limit)) are in the handshake at once; try again in a few seconds", context: context)
      return
    }
    holdsPlace = true
    let timeout = configuration.authenticationTimeout
    let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
    let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
    deadline = context.eventLoop.scheduleTask(in: TimeAmount(timeout)) {
      handler.value.refuse("no handshake within \(timeout); the connection is closed", context: bound.value)
    }
    context.read()
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    let line = unwrapInboundIn(data)
    switch stage {
    case .refused:
      return
    case .admitted:
      return context.fireChannelRead(data)
    case .awaitingVerdict(var held):
      held.append(line)
      stage = .awaitingVerdict(held: held)
      return
    case .handshaking:
      break
    }
    guard !line.isEmpty else { return }
    let outcome = handshake.receive(line)
    switch outcome {
    case .answer(let reply):
      write(reply, context: context)
    case .refused(let message):
      refuse(message, context: context)
    case .authenticated, .wrongToken:
      // After wrong proofs every answer waits, so that a guess is slow whether it is right.
      stage = .awaitingVerdict(held: [])
      let delay = gate.delay
      guard delay > .zero else { return conclude(outcome, context: context) }
      let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
      let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
      context.eventLoop.scheduleTask(in: delay) { handler.value.conclude(outcome, context: bound.value) }
    }
  }

  func channelReadComplete(context: ChannelHandlerContext) {
    switch stage {
    case .handshaking: context.read()
    case .admitted: context.fireChannelReadComplete()
    case .awaitingVerdict, .refused: break
    }
  }

  /// A client that ends its input before it has proved itself is closed at once.
  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    if case ChannelEvent.inputClosed = event, !isAdmitted {
      end(.refused)
      context.close(promise: nil)
      return
    }
    context.fireUserInboundEventTriggered(event)
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    if isAdmitted { return context.fireErrorCaught(error) }
    guard let failure = error as? LineFrameDecoder.Failure else {
      // A reset or a broken pipe: the client is gone.
      end(.refused)
      context.close(promise: nil)
      return
    }
    refuse(failure.message, context: context)
  }

  func channelInactive(context: ChannelHandlerContext) {
    if !isAdmitted { end(.refused) }
    context.fireChannelInactive()
  }

  private var isAdmitted: Bool {
    if case .admitted = stage { true } else { false }
  }

  /// Admits or refuses the client whose proof was checked.
  private func conclude(_ outcome: AgentHandshake.Outcome, context: ChannelHandlerContext) {
    guard case .awaitingVerdict(let held) = stage, context.channel.isActive else { return }
    guard outcome == .authenticated else {
      gate.failed()
      refuse("wrong token: the client's proof does not match the agent's token file", context: context)
      return
    }
    gate.succeeded()
    end(.admitted)
    limit.bytes = configuration.maximumLineLength
    context.fireUserInboundEventTriggered(Authenticated())
    for line in held { context.fireChannelRead(wrapInboundOut(line)) }
    context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
  }

  /// Sends an error line for `message` and closes the connection; once.
  private func refuse(_ message: String, context: ChannelHandlerContext) {
    if case .refused = stage { return }
    end(.refused)
    guard context.channel.isActive else { return }
    let channel = context.channel
    write(configuration.errorLine(message), context: context).whenComplete { _ in channel.close(promise: nil) }
  }

  /// Writes `line` and its newline.
  @discardableResult
  private func write(_ line: String, context: ChannelHandlerContext) -> EventLoopFuture<Void> {
    context.writeAndFlush(NIOAny(context.channel.allocator.line(line)))
  }

  /// The handshake is over (`stage`: how): the deadline and the gate's place given back.
  private func end(_ stage: Stage) {
    self.stage = stage
    deadline?.cancel()
    deadline = nil
    if holdsPlace {
      holdsPlace = false
      gate.leave()
    }
  }
}
