import HummingbirdCore
import Logging
import NIOCore

/// The page server's connections, as `Inner` serves them, each closed once it has sent
/// nothing for `timeout`: NIO's `IdleStateHandler`, first in the pipeline, so that it sees
/// every byte, and a request's head that stops half-way is covered too (Hummingbird's own
/// idle timeout starts only once a head was read whole).
///
/// A page's socket stays: the WebSocket pings it every 30 seconds, and the browser's pong
/// is something sent.
struct IdleClosingChannel<Inner: ServerChildChannel>: ServerChildChannel {
  typealias Value = Inner.Value

  let inner: Inner
  let timeout: TimeAmount

  func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
    let timeout = timeout
    return channel.eventLoop.makeCompletedFuture {
      try channel.pipeline.syncOperations.addHandlers(IdleStateHandler(readTimeout: timeout), CloseWhenIdle())
    }.flatMap { [inner] _ in
      inner.setup(channel: channel, logger: logger)
    }
  }

  func handle(value: Value, logger: Logger) async {
    await inner.handle(value: value, logger: logger)
  }
}

/// Closes its channel when `IdleStateHandler` says it has been idle; passes everything else on.
private final class CloseWhenIdle: ChannelInboundHandler {
  typealias InboundIn = ByteBuffer

  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    guard event is IdleStateHandler.IdleStateEvent else { return context.fireUserInboundEventTriggered(event) }
    context.close(promise: nil)
  }
}
