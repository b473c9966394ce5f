import Testing

@testable import SluiceAgent
@testable import SluiceAgentTransport

/// The connection's rules without a channel: what each of NIO's events makes it do.
@Suite struct ConnectionStateTests {
  @Test func aSocketClientIsAnnouncedAtOnceAndReadOnlyOnceItsLinesAreHandled() {
    var state = ConnectionState(authenticated: true)
    #expect(state.activated() == .announce)
    #expect(state.received("one") == .deliver)
    #expect(state.received("two") == .deliver)
    #expect(state.readCompleted() == .none)
    #expect(state.handled() == .none)
    #expect(state.handled() == .read)
    #expect(state.readCompleted() == .read)
    #expect(state.received("") == .none)
  }

  @Test func aTCPClientIsNeitherAnnouncedNorDeliveredBeforeItIsIn() {
    var state = ConnectionState(authenticated: false)
    #expect(state.activated() == .none)
    #expect(state.received("print count") == .none)
    #expect(state.readCompleted() == .none)
    #expect(state.inputClosed() == .close)
    #expect(state.closed() == .none)

    var admitted = ConnectionState(authenticated: false)
    #expect(admitted.authenticated() == .announce)
    #expect(admitted.authenticated() == .none)
    #expect(admitted.received("print count") == .deliver)
  }

  @Test func aFailureWaitsForTheLinesBeforeItAndIsSentOnce() {
    var state = ConnectionState(authenticated: true)
    _ = state.activated()
    _ = state.received("one")
    #expect(state.failed("line longer than 8 bytes") == .none)
    #expect(state.received("after") == .none)
    #expect(state.handled() == .sendFailure("line longer than 8 bytes"))
    #expect(state.handled() == .none)
    #expect(state.failed("again") == .none)
    #expect(state.inputClosed() == .none)

    var idle = ConnectionState(authenticated: true)
    _ = idle.activated()
    #expect(idle.failed("the line is not valid UTF-8") == .sendFailure("the line is not valid UTF-8"))
  }

  @Test func theEngineHearsOfTheEndOnlyOfAClientItHeardOfAndOnlyOnce() {
    var state = ConnectionState(authenticated: true)
    _ = state.activated()
    #expect(state.inputClosed() == .endInput)
    #expect(state.closed() == .disconnect)
    #expect(state.closed() == .none)
    #expect(state.received("late") == .none)
  }
}
