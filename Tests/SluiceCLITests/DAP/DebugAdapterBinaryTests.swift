import Foundation
import JSONCheck
import Testing

/// `sluice dap` as VS Code and nvim-dap drive it, against the real binary: the request order
/// they use up to the first stop, then time travel, breakpoints and an edit; every message
/// held to the protocol's schema. And a client that declares no optional capability gets no
/// event it did not ask for, and no colour.
@Suite struct DebugAdapterBinaryTests {
  @Test func anEditorsTranscriptRunsAgainstTheBinary() async throws {
    let adapter = try DAPProcess()
    var seq = adapter.send("initialize", #"{"clientID":"vscode","adapterID":"sluice","linesStartAt1":true,"columnsStartAt1":true,"supportsVariableType":true,"supportsInvalidatedEvent":true,"supportsProgressReporting":true}"#)
    #expect(try await adapter.response(to: seq)["body"]?["supportsStepBack"] == .boolean(true))
    seq = adapter.send("launch", #"{"feature":"counter","virtualClock":true,"stopOnEntry":true}"#)
    #expect(try await adapter.response(to: seq)["success"] == .boolean(true))
    #expect(try await adapter.waitFor { $0["event"]?.text == "initialized" } != nil)
    seq = adapter.send("setFunctionBreakpoints", #"{"breakpoints":[{"name":"setStep"}]}"#)
    #expect(try await adapter.response(to: seq)["success"] == .boolean(true))
    seq = adapter.send("setExceptionBreakpoints", #"{"filters":["cycle"]}"#)
    #expect(try await adapter.response(to: seq)["success"] == .boolean(true))
    seq = adapter.send("configurationDone")
    _ = try await adapter.response(to: seq)
    let entry = try #require(try await adapter.waitFor { $0["event"]?.text == "stopped" })
    #expect(entry.message["body"]?["reason"]?.text == "entry")

    for action in [#".increment"#, #".setStep(2)"#] {
      seq = adapter.send("evaluate", #"{"expression":"\#(action)","context":"repl"}"#)
      #expect(try await adapter.response(to: seq)["success"] == .boolean(true))
    }
    // The running store stops before .setStep, at the function breakpoint; `continue` runs it.
    let before = try #require(try await adapter.waitFor { $0["body"]?["reason"]?.text == "function breakpoint" })
    #expect(before.message["body"]?["hitBreakpointIds"] == .array([.integer(1)]))
    seq = adapter.send("continue", #"{"threadId":1}"#)
    #expect(try await adapter.response(to: seq)["body"]?["allThreadsContinued"] == .boolean(true))
    seq = adapter.send("evaluate", #"{"expression":".increment","context":"repl"}"#)
    #expect(try await adapter.response(to: seq)["success"] == .boolean(true))
    seq = adapter.send("threads")
    #expect(try await adapter.response(to: seq)["body"]?["threads"] == .array([.object(["id": .integer(1), "name": .string("counter")])]))
    seq = adapter.send("stackTrace", #"{"threadId":1,"startFrame":0,"levels":20}"#)
    let trace = try await adapter.response(to: seq)
    guard case .array(let frames)? = trace["body"]?["stackFrames"], case .integer(let frameID)? = frames.first?["id"] else {
      throw DAPTranscriptFailure("no frame: \(trace)")
    }
    #expect(frames.first?["line"] == .integer(4))
    seq = adapter.send("scopes", #"{"frameId":\#(frameID)}"#)
    let scopes = try await adapter.response(to: seq)
    guard case .array(let scopeList)? = scopes["body"]?["scopes"],
      case .integer(let stateReference)? = scopeList.first(where: { $0["name"]?.text == "State" })?["variablesReference"]
    else { throw DAPTranscriptFailure("no state scope: \(scopes)") }
    seq = adapter.send("variables", #"{"variablesReference":\#(stateReference)}"#)
    let variables = try await adapter.response(to: seq)
    guard case .array(let values)? = variables["body"]?["variables"] else { throw DAPTranscriptFailure("\(variables)") }
    #expect(values.contains { $0["name"]?.text == "count" && $0["value"]?.text == "3" }, "\(values)")

    // Back through time to the breakpoint on .setStep, a step back, a jump, a restart.
    seq = adapter.send("reverseContinue", #"{"threadId":1}"#)
    _ = try await adapter.response(to: seq)
    let hit = try #require(try await adapter.waitFor { $0["event"]?.text == "stopped" && $0["body"]?["reason"]?.text == "breakpoint" })
    #expect(hit.message["body"]?["hitBreakpointIds"] == .array([.integer(1)]))
    seq = adapter.send("stepBack", #"{"threadId":1}"#)
    #expect(try await adapter.response(to: seq)["success"] == .boolean(true))
    seq = adapter.send("goto", #"{"threadId":1,"targetId":3}"#)
    #expect(try await adapter.response(to: seq)["success"] == .boolean(true))
    seq = adapter.send("stackTrace", #"{"threadId":1}"#)
    let atThree = try await adapter.response(to: seq)
    guard case .array(let framesAtThree)? = atThree["body"]?["stackFrames"], case .integer(let topID)? = framesAtThree.first?["id"] else {
      throw DAPTranscriptFailure("\(atThree)")
    }
    seq = adapter.send("restartFrame", #"{"frameId":\#(topID)}"#)
    #expect(try await adapter.response(to: seq)["success"] == .boolean(true))
    seq = adapter.send("disconnect", #"{"terminateDebuggee":true}"#)
    #expect(try await adapter.response(to: seq)["success"] == .boolean(true))
    #expect(try await adapter.waitUntilExit() == 0)
    #expect(adapter.framingProblems.isEmpty)
    if let schema = JSONSchemaCheck.debugAdapterProtocol {
      for message in adapter.received {
        let problems = schema.debugAdapterProblems(of: message)
        #expect(problems.isEmpty, "\(problems) in \(message)")
      }
    }
  }

  @Test func aClientThatDeclaresNothingOptionalGetsNothingOptional() async throws {
    let adapter = try DAPProcess()
    var seq = adapter.send("initialize", #"{"adapterID":"sluice"}"#)
    _ = try await adapter.response(to: seq)
    seq = adapter.send("launch", #"{"feature":"counter","virtualClock":true}"#)
    _ = try await adapter.response(to: seq)
    seq = adapter.send("configurationDone")
    _ = try await adapter.response(to: seq)
    seq = adapter.send("evaluate", #"{"expression":".increment","context":"repl"}"#)
    _ = try await adapter.response(to: seq)
    seq = adapter.send("stackTrace", #"{"threadId":1}"#)
    let trace = try await adapter.response(to: seq)
    guard case .array(let frames)? = trace["body"]?["stackFrames"], case .integer(let frameID)? = frames.first?["id"] else {
      throw DAPTranscriptFailure("\(trace)")
    }
    seq = adapter.send("scopes", #"{"frameId":\#(frameID)}"#)
    let scopes = try await adapter.response(to: seq)
    guard case .array(let scopeList)? = scopes["body"]?["scopes"], case .integer(let reference)? = scopeList.first(where: { $0["name"]?.text == "State" })?["variablesReference"] else {
      throw DAPTranscriptFailure("\(scopes)")
    }
    seq = adapter.send("setVariable", #"{"variablesReference":\#(reference),"name":"count","value":"7"}"#)
    #expect(try await adapter.response(to: seq)["body"]?["value"]?.text == "7")
    // Its input closed, the adapter ends, as when the editor quits.
    adapter.closeInput()
    #expect(try await adapter.waitUntilExit() == 0)
    let received = adapter.received
    let names = Set(received.compactMap { $0["event"]?.text })
    #expect(!names.contains("invalidated") && !names.contains("progressStart"), "\(names)")
    #expect(!received.contains { "\($0)".contains("\u{1B}[") }, "no ANSI colour to a client that did not ask for it")
    // No variable carries a type the client did not say it shows.
    #expect(!received.contains { message in
      if case .array(let variables)? = message["body"]?["variables"] { variables.contains { $0["type"] != nil } } else { false }
    })
  }

  @Test func aBrokenFrameEndsTheAdapterSayingWhy() async throws {
    let adapter = try DAPProcess()
    let seq = adapter.send("initialize", #"{"adapterID":"sluice"}"#)
    _ = try await adapter.response(to: seq)
    adapter.sendRaw(Array("Content-Length: lots\r\n\r\n{}".utf8))
    let said = try #require(try await adapter.waitFor { $0["event"]?.text == "output" })
    #expect(said.message["body"]?["output"]?.text?.contains("Content-Length") == true)
    #expect(try await adapter.waitUntilExit() == 1)
  }
}

struct DAPTranscriptFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
