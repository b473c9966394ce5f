import Testing

@testable import SluiceAgent

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
