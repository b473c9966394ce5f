import JSONCheck
import SluiceDAP
import Testing

/// Bad input gets an error response and the session goes on.
@MainActor
@Suite struct AdapterBadInputTests {
  @Test func aRequestBeforeInitializeIsRefused() async throws {
    let client = DAPTestClient()
    let early = try await client.send("threads")
    #expect(!early.success && early.message?.contains("before `initialize`") == true)
    #expect(try await client.send("initialize", #"{"adapterID":"sluice"}"#).success)
  }

  @Test(arguments: [
    (#"not json"#, "not JSON"),
    (#"[1,2]"#, "not a JSON object"),
    (#"{"seq":1,"type":"event","event":"x"}"#, "not a request"),
    (#"{"seq":"one","type":"request","command":"threads"}"#, "`seq`"),
    (#"{"seq":2,"type":"request","command":"threads","arguments":[1]}"#, "`arguments` is an array"),
  ])
  func aMessageThatIsNoRequestGetsAnErrorResponse(body: String, says: String) async throws {
    let client = DAPTestClient()
    try await client.send("initialize", #"{"adapterID":"sluice"}"#)
    let answer = try await client.sendRaw(Array(body.utf8))
    #expect(!answer.success)
    #expect(answer.message?.contains(says) == true, "\(answer.response)")
    #expect(try await client.send("threads").success, "the session goes on")
  }

  @Test func unknownCommandsWrongTypesAndStaleReferencesAreRefusedAndTheSessionGoesOn() async throws {
    let client = DAPTestClient()
    _ = try await client.start(#"{"feature":"counter","virtualClock":true}"#)
    let unknown = try await client.send("readMemory", #"{"memoryReference":"0"}"#)
    #expect(!unknown.success && unknown.message?.contains("unknown request") == true)
    let mistyped = try await client.send("stackTrace", #"{"threadId":1,"startFrame":"two"}"#)
    #expect(!mistyped.success && mistyped.message?.contains("`startFrame` is a string") == true, "\(mistyped.response)")
    let trace = try await client.send("stackTrace", #"{"threadId":1}"#)
    guard case .array(let frames)? = trace.body?["stackFrames"], case .integer(let frameID)? = frames.first?["id"] else {
      throw TestFailure("no frame: \(trace.response)")
    }
    let scopes = try await client.send("scopes", #"{"frameId":\#(frameID)}"#)
    guard case .array(let list)? = scopes.body?["scopes"], case .integer(let reference)? = list.first?["variablesReference"] else {
      throw TestFailure("no scope: \(scopes.response)")
    }
    // The store moves: the frame and the reference from before are stale.
    try await client.send("evaluate", #"{"expression":".increment","context":"repl"}"#)
    let staleFrame = try await client.send("scopes", #"{"frameId":\#(frameID)}"#)
    #expect(!staleFrame.success && staleFrame.message?.contains("stale") == true, "\(staleFrame.response)")
    let staleReference = try await client.send("variables", #"{"variablesReference":\#(reference)}"#)
    #expect(!staleReference.success && staleReference.message?.contains("stale") == true)
    let unknownFeature = DAPTestClient()
    try await unknownFeature.send("initialize", #"{"adapterID":"sluice"}"#)
    let launch = try await unknownFeature.send("launch", #"{"feature":"nope"}"#)
    #expect(!launch.success && launch.message?.contains("counter") == true, "the error names the features there are")
    #expect(try await client.send("threads").success)
  }

  @Test func aLaunchThatFailsLeavesNoSessionAndTheEditorMayLaunchAgain() async throws {
    let client = DAPTestClient()
    try await client.send("initialize", #"{"adapterID":"sluice"}"#)
    let failed = try await client.send("launch", #"{"feature":"counter","script":"/nonexistent/start.sluice"}"#)
    #expect(!failed.success && failed.message?.contains("/nonexistent/start.sluice") == true, "\(failed.response)")
    #expect(try await client.send("threads").body?["threads"] == .array([]))
    #expect(try await client.send("launch", #"{"feature":"counter"}"#).success)
    #expect(try await client.send("threads").body?["threads"]?.arrayCount == 1)
  }

  @Test func aFunctionBreakpointThatIsNotOneWordIsRefusedAloneNotTheOthers() async throws {
    let client = DAPTestClient()
    _ = try await client.start(#"{"feature":"counter","virtualClock":true}"#)
    let set = try await client.send("setFunctionBreakpoints", #"{"breakpoints":[{"name":"increment if count > 1"},{"name":"setStep","hitCondition":"2"}]}"#)
    guard case .array(let answers)? = set.body?["breakpoints"], answers.count == 2 else { throw TestFailure("\(set.response)") }
    #expect(answers[0]["verified"] == .boolean(false))
    #expect(answers[0]["message"]?.text?.contains("not one word") == true)
    #expect(answers[1]["verified"] == .boolean(true))
    let listed = try await client.send("evaluate", #"{"expression":"info breakpoints","context":"repl"}"#)
    #expect(listed.body?["result"]?.text?.contains("setStep") == true)
    #expect(listed.body?["result"]?.text?.contains("ignoring the next 1") == true, "\(listed.response)")
  }
}
