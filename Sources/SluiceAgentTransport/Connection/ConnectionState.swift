/// A client connection's life, from the handler's point of view: the transitions NIO's events
/// cause, each returning what the handler must do, so that the rules live in one place and
/// are tested without a channel (as async-algorithms' state machines are).
///
/// Lines are handed to the engine one at a time; the connection reads again only once every
/// line read so far has been handled, so that a client sending faster than the engine answers
/// waits in its socket buffer, not in memory here. A failure (a line refused by the decoder)
/// is answered after the lines read before it, with an error line, and the connection closes.
struct ConnectionState {
  /// Where the connection is.
  enum Phase: Equatable {
    /// Open, but the client is not in yet (a TCP client in the handshake): nothing is
    /// delivered, and the handshake's handler does the reading.
    case awaitingAuthentication
    /// The engine was told `connected`; lines are delivered, `inFlight` of them not yet handled.
    case delivering(inFlight: Int)
    /// A line broke the rules: nothing more is read or delivered. The error line is sent once
    /// the `inFlight` lines before it are handled (`message` is `nil` once it is).
    case failing(message: String?, inFlight: Int)
    /// The connection closed.
    case closed
  }

  /// What the handler must do after a transition.
  enum Action: Equatable {
    /// Nothing.
    case none
    /// Read more from the socket.
    case read
    /// Tell the engine `connected`, then read.
    case announce
    /// Hand the line to the engine.
    case deliver
    /// Send this error line after the lines queued, then close.
    case sendFailure(String)
    /// Tell the engine the client's input ended.
    case endInput
    /// Close the connection.
    case close
    /// Tell the engine the client is gone.
    case disconnect
  }

  private(set) var phase: Phase
  /// The engine was told `connected`, so it must be told `disconnected`.
  private(set) var announced = false

  /// A connection that is in at once (`authenticated`: the Unix socket), or awaits its
  /// handshake (TCP).
  init(authenticated: Bool) {
    phase = authenticated ? .delivering(inFlight: 0) : .awaitingAuthentication
  }

  /// The channel became active: a connection that is in is announced.
  mutating func activated() -> Action {
    guard case .delivering = phase, !announced else { return .none }
    announced = true
    return .announce
  }

  /// The handshake let the client in.
  mutating func authenticated() -> Action {
    guard case .awaitingAuthentication = phase else { return .none }
    phase = .delivering(inFlight: 0)
    announced = true
    return .announce
  }

  /// A line arrived: delivered when the connection delivers (empty lines are skipped).
  mutating func received(_ line: String) -> Action {
    guard case .delivering(let inFlight) = phase, !line.isEmpty else { return .none }
    phase = .delivering(inFlight: inFlight + 1)
    return .deliver
  }

  /// The engine handled a line: once none is in flight, read on, or send the failure.
  mutating func handled() -> Action {
    switch phase {
    case .delivering(let inFlight):
      phase = .delivering(inFlight: inFlight - 1)
      return inFlight == 1 ? .read : .none
    case .failing(let message, let inFlight):
      phase = .failing(message: inFlight == 1 ? nil : message, inFlight: inFlight - 1)
      guard inFlight == 1, let message else { return .none }
      return .sendFailure(message)
    case .awaitingAuthentication, .closed:
      return .none
    }
  }

  /// A read finished: read again when every line of it is handled.
  func readCompleted() -> Action {
    if case .delivering(0) = phase { .read } else { .none }
  }

  /// A line broke the rules: the error line waits for the lines before it.
  mutating func failed(_ message: String) -> Action {
    guard case .delivering(let inFlight) = phase else { return .none }
    phase = .failing(message: inFlight == 0 ? nil : message, inFlight: inFlight)
    return inFlight == 0 ? .sendFailure(message) : .none
  }

  /// The client will send nothing more but still reads.
  func inputClosed() -> Action {
    switch phase {
    case .delivering: .endInput
    case .awaitingAuthentication: .close
    case .failing, .closed: .none
    }
  }

  /// The connection closed: the engine hears of it if it heard it open.
  mutating func closed() -> Action {
    guard phase != .closed else { return .none }
    phase = .closed
    return announced ? .disconnect : .none
  }
}
