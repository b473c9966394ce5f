import NIOConcurrencyHelpers
import NIOCore

/// What a TCP server's connections that have not finished the handshake share: how many
/// there are, bounded, and how long a wrong proof waits before it is answered.
///
/// Anyone on the machine can connect to a TCP port. The bound keeps connections that never
/// authenticate from taking the program's descriptors (each is also closed at the handshake's
/// deadline). After a wrong proof every proof waits before it is answered, longer with each
/// wrong one in a row up to a cap, so with the bound guessing takes at most `limit` guesses per
/// `maximumDelay`. Neither can lock the real user out for good: the wait is never longer than
/// `maximumDelay` and a right proof ends it, and a refused connection can try again as soon as
/// a place is free, at the latest when the attacker's connections reach their deadline.
package final class AuthenticationGate: Sendable {
  private struct State {
    var pending = 0
    var failuresInARow = 0
  }

  /// The most connections that may be in the handshake at once.
  package let limit: Int
  /// The wait after the first wrong proof.
  package let firstDelay: TimeAmount
  /// The longest wait after a wrong proof.
  package let maximumDelay: TimeAmount
  private let state = NIOLockedValueBox(State())

  package init(limit: Int, firstDelay: TimeAmount = .milliseconds(100), maximumDelay: TimeAmount = .seconds(2)) {
    self.limit = limit
    self.firstDelay = firstDelay
    self.maximumDelay = maximumDelay
  }

  /// Takes a place for a new connection's handshake; false when all are taken.
  package func enter() -> Bool {
    state.withLockedValue { state in
      guard state.pending < limit else { return false }
      state.pending += 1
      return true
    }
  }

  /// Gives back a place: the handshake succeeded, failed, or the connection closed.
  package func leave() {
    state.withLockedValue { $0.pending -= 1 }
  }

  /// The connections in the handshake now.
  package var pending: Int { state.withLockedValue { $0.pending } }

  /// How long to wait before answering a proof: nothing until a proof is wrong, then the
  /// first delay, doubled with each wrong proof in a row, up to the maximum. A right proof
  /// waits too, or a client could tell a wrong guess by the answer not coming at once.
  package var delay: TimeAmount {
    state.withLockedValue { state in
      guard state.failuresInARow > 0 else { return .zero }
      var delay = firstDelay
      for _ in 1..<min(state.failuresInARow, 32) where delay < maximumDelay { delay = delay * 2 }
      return min(delay, maximumDelay)
    }
  }

  /// A proof was wrong: the next waits longer.
  package func failed() {
    state.withLockedValue { $0.failuresInARow += 1 }
  }

  /// A proof was right: the next is answered at once.
  package func succeeded() {
    state.withLockedValue { $0.failuresInARow = 0 }
  }
}
