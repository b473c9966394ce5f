import NIOEmbedded
import Sluice
import SluiceDebugger
import SluiceReporting
import Testing

@testable import SluiceAgent
@testable import SluiceAgentTransport

/// The lines the transport's thread recognises as a pause, to raise the pause request
/// before the line's turn (a store stuck in a synchronous loop never gives it one).
@Suite struct PauseLineTests {
  @Test(arguments: [
    "pause", "  pause ", #"{"id":-1,"command":"pause"}"#, #"{"id": "interrupt-3", "command": " pause"}"#,
    #"{"page":3,"line":"{\"id\":1,\"command\":\"pause\"}"}"#,
  ])
  func aPauseIsRecognised(line: String) {
    #expect(PauseLine.asksToPause(line))
  }

  @Test(arguments: [
    "print paused", ".pause", #"{"id":1,"command":"print pause"}"#, #"{"page":3,"open":"http://x/?pause"}"#,
    #"{"id":1,"command":"continue"}"#, "pause later",
  ])
  func otherLinesAreNot(line: String) {
    #expect(!PauseLine.asksToPause(line))
  }
}

/// A page's `pause` reaches the current session's pause request on the socket's thread.
@MainActor
@Suite struct PagePauseTests {
  enum Hop: String, Codable, Sendable { case ping }

  @Test func aPagesPauseRaisesTheCurrentSessionsRequestAtOnce() throws {
    let feature = Feature("hops", summary: "Hops", initialState: 0) { _ in Reduce<Int, Hop> { count, _ in count += 1; return .none } }
    let debugger = Debugger(registry: FeatureRegistry([feature]))
    let session = try debugger.use("hops")
    let request = try #require((session as? any InterruptibleSession)?.pauseRequest)
    let page = PageConnection(debugger: debugger, pageAddress: "http://127.0.0.1:1/", send: { _ in })
    page.notice(#"{"id":1,"command":"print self"}"#)
    #expect(!request.isPending)
    page.notice(#"{"id":2,"command":"pause"}"#)
    #expect(request.isPending)
  }
}

/// Only the attached client's `pause` is acted on before its turn: a second client, refused
/// because one is attached already, must not stop the store the first one debugs (it once
/// did, issue 45).
@MainActor
@Suite struct RefusedClientPauseTests {
  enum Hop: String, Codable, Sendable { case ping }

  @Test func aRefusedClientsPauseRaisesNothing() async throws {
    let clients = AttachedClients(program: "hops-program", flightRecorder: nil)
    try clients.offer(Feature("hops", summary: "Hops", initialState: 0) { _ in Reduce<Int, Hop> { count, _ in count += 1; return .none } })
    let session = try clients.debugger.use("hops")
    let request = try #require((session as? any InterruptibleSession)?.pauseRequest)
    let attached = AgentClient(id: 1, channel: EmbeddedChannel(), configuration: AgentConfiguration())
    let refused = AgentClient(id: 2, channel: EmbeddedChannel(), configuration: AgentConfiguration())
    await clients.connected(attached)
    await clients.connected(refused)

    clients.noticed("pause", from: refused)
    #expect(!request.isPending)
    clients.noticed("pause", from: attached)
    #expect(request.isPending)
  }
}
