import Foundation
import JSONCheck
import SluiceDAP
import Testing

/// Sessions through the adapter in the order editors send requests (VS Code's and
/// nvim-dap's: initialize, launch, initialized, breakpoints, configurationDone, stopped,
/// threads, stackTrace, scopes, variables), then moving through time.
@MainActor
@Suite struct AdapterSessionTests {
  /// The counter after `.increment`, `.setStep(2)`, `.increment`: entries #1 to #3, count 3.
  private func counterWithThreeEntries(stopOnEntry: Bool = true) async throws -> DAPTestClient {
    let client = DAPTestClient()
    let done = try await client.start(#"{"feature":"counter","virtualClock":true,"stopOnEntry":\#(stopOnEntry)}"#)
    #expect(done.events("stopped").first?["body"]?["reason"]?.text == (stopOnEntry ? "entry" : "pause"))
    for action in [".increment", ".setStep(2)", ".increment"] {
      let sent = try await client.send("evaluate", #"{"expression":"\#(action.replacingOccurrences(of: "\"", with: "\\\""))","context":"repl"}"#)
      #expect(sent.success, "\(sent.response)")
      #expect(sent.events("stopped").count == 1, "an action moves the store: the editor refreshes")
    }
    return client
  }

  /// The frame the stack trace's top is, and its line.
  private func topFrame(_ client: DAPTestClient) async throws -> (id: Int, line: Int, name: String) {
    let trace = try await client.send("stackTrace", #"{"threadId":1}"#)
    guard case .array(let frames)? = trace.body?["stackFrames"], case .object(let top)? = frames.first,
      case .integer(let id)? = top["id"], case .integer(let line)? = top["line"], let name = top["name"]?.text
    else { throw TestFailure("no frame in \(trace.response)") }
    return (id, line, name)
  }

  /// The reference of the State scope of the top frame.
  private func stateReference(_ client: DAPTestClient) async throws -> Int {
    let top = try await topFrame(client)
    let scopes = try await client.send("scopes", #"{"frameId":\#(top.id)}"#)
    guard case .array(let list)? = scopes.body?["scopes"], let state = list.first(where: { $0["name"]?.text == "State" }),
      case .integer(let reference)? = state["variablesReference"]
    else { throw TestFailure("no state scope in \(scopes.response)") }
    return reference
  }

  /// The variables of the scope named `name` in frame `frameID`, by name.
  private func variables(_ client: DAPTestClient, frame frameID: Int, scope name: String) async throws -> [String: JSONTree] {
    let scopes = try await client.send("scopes", #"{"frameId":\#(frameID)}"#)
    guard case .array(let list)? = scopes.body?["scopes"],
      let scope = list.first(where: { $0["name"]?.text == name }), case .integer(let reference)? = scope["variablesReference"]
    else { throw TestFailure("no scope \(name) in \(scopes.response)") }
    let answer = try await client.send("variables", #"{"variablesReference":\#(reference)}"#)
    guard case .array(let variables)? = answer.body?["variables"] else { throw TestFailure("no variables: \(answer.response)") }
    return Dictionary(variables.compactMap { variable in variable["name"]?.text.map { ($0, variable) } }, uniquingKeysWith: { a, _ in a })
  }

  @Test func theEditorsFirstRoundShowsTheStoreItsEntryAndItsState() async throws {
    let client = try await counterWithThreeEntries()
    let threads = try await client.send("threads")
    #expect(threads.body?["threads"] == .array([.object(["id": .integer(1), "name": .string("counter")])]))
    let top = try await topFrame(client)
    // Line 1 is the initial state; entry #3 is line 4 of the log.
    #expect(top.line == 4)
    #expect(top.name.hasPrefix("#3 .increment"), "\(top.name)")
    let state = try await variables(client, frame: top.id, scope: "State")
    #expect(state["count"]?["value"]?.text == "3")
    #expect(state["count"]?["evaluateName"]?.text == "count")
    #expect(state["step"]?["value"]?.text == "2")
    let before = try await variables(client, frame: top.id, scope: "State before")
    #expect(before["count"]?["value"]?.text == "1")
    let changes = try await variables(client, frame: top.id, scope: "Changes")
    #expect(changes["count"]?["value"]?.text == "1 → 3")
    let action = try await variables(client, frame: top.id, scope: "Action")
    #expect(action["action"]?["value"]?.text == ".increment")

    // The log is a virtual source, one line per entry.
    let source = try await client.send("source", #"{"sourceReference":1}"#)
    #expect(source.body?["content"]?.text?.split(separator: "\n").count == 4)
    #expect(source.body?["content"]?.text?.hasPrefix("#0 initial state\n#1 .increment") == true)
  }

  @Test func stepBackNextAndGotoMoveThroughTheHistory() async throws {
    let client = try await counterWithThreeEntries()
    let back = try await client.send("stepBack", #"{"threadId":1}"#)
    #expect(back.success && back.events("stopped").count == 1)
    #expect(try await topFrame(client).line == 3)
    try await client.send("stepBack", #"{"threadId":1}"#)
    var top = try await topFrame(client)
    #expect(top.line == 2)
    #expect(try await variables(client, frame: top.id, scope: "State")["count"]?["value"]?.text == "1")
    try await client.send("next", #"{"threadId":1}"#)
    #expect(try await topFrame(client).line == 3)

    // Jump to Cursor: the target on line 1 is the initial state.
    let targets = try await client.send("gotoTargets", #"{"source":{"sourceReference":1},"line":1}"#)
    guard case .array(let list)? = targets.body?["targets"], case .integer(let target)? = list.first?["id"] else {
      throw TestFailure("no target: \(targets.response)")
    }
    #expect(target == 0)
    let went = try await client.send("goto", #"{"threadId":1,"targetId":0}"#)
    #expect(went.events("stopped").first?["body"]?["reason"]?.text == "goto")
    top = try await topFrame(client)
    #expect(top.line == 1 && top.name == "initial state")
    // At the start, a step back stays and says so.
    let stay = try await client.send("stepBack", #"{"threadId":1}"#)
    #expect(stay.events("stopped").first?["body"]?["description"]?.text == "at the oldest state kept")
  }

  @Test func reverseContinueStopsAtTheLastBreakpointBehindAndContinueAtTheNext() async throws {
    let client = try await counterWithThreeEntries()
    let set = try await client.send("setFunctionBreakpoints", #"{"breakpoints":[{"name":"setStep"}]}"#)
    #expect(set.body?["breakpoints"] == .array([.object(["id": .integer(1), "verified": .boolean(true)])]))
    let reversed = try await client.send("reverseContinue", #"{"threadId":1}"#)
    let stop = reversed.events("stopped").first?["body"]
    #expect(stop?["reason"]?.text == "breakpoint")
    #expect(stop?["hitBreakpointIds"] == .array([.integer(1)]))
    #expect(try await topFrame(client).line == 3, "entry #2, .setStep(2)")
    // A line breakpoint on the log stops there too: line 2 is entry #1.
    let lines = try await client.send("setBreakpoints", #"{"source":{"name":"counter.sluicelog","sourceReference":1},"breakpoints":[{"line":2}]}"#)
    #expect(lines.body?["breakpoints"]?.arrayCount == 1)
    try await client.send("reverseContinue", #"{"threadId":1}"#)
    #expect(try await topFrame(client).line == 2)
    // Forward: past the breakpoint on #2 (it is ahead now), then to the end.
    let forward = try await client.send("continue", #"{"threadId":1}"#)
    #expect(forward.body?["allThreadsContinued"] == .boolean(true))
    #expect(try await topFrame(client).line == 3)
    let end = try await client.send("continue", #"{"threadId":1}"#)
    #expect(end.events("stopped").first?["body"]?["reason"]?.text == "pause")
    #expect(try await topFrame(client).line == 4)
  }

  @Test func aDataBreakpointStopsWhereItsValueChangedBackwardsAndForwards() async throws {
    let client = try await counterWithThreeEntries()
    let reference = try await stateReference(client)
    let info = try await client.send("dataBreakpointInfo", #"{"variablesReference":\#(reference),"name":"step"}"#)
    #expect(info.body?["dataId"]?.text == "step")
    let set = try await client.send("setDataBreakpoints", #"{"breakpoints":[{"dataId":"step"}]}"#)
    guard case .array(let answers)? = set.body?["breakpoints"], case .integer(let id)? = answers.first?["id"] else {
      throw TestFailure("\(set.response)")
    }
    #expect(answers.first?["verified"] == .boolean(true))
    // Back through the history: `step` changed at #2.
    let back = try await client.send("reverseContinue", #"{"threadId":1}"#)
    #expect(back.events("stopped").first?["body"]?["hitBreakpointIds"] == .array([.integer(id)]))
    #expect(try await topFrame(client).line == 3)
    // Forward to the present, then the running store stops when `step` changes again.
    try await client.send("goto", #"{"threadId":1,"targetId":3}"#)
    let sent = try await client.send("evaluate", #"{"expression":".setStep(5)","context":"repl"}"#)
    let stop = sent.events("stopped").first?["body"]
    #expect(stop?["reason"]?.text == "data breakpoint", "\(sent.events)")
    #expect(stop?["hitBreakpointIds"] == .array([.integer(id)]))
    // An action's value is no value of the state: it cannot be watched.
    let action = try await client.send("dataBreakpointInfo", #"{"name":"a b"}"#)
    #expect(action.body?["dataId"] == .null)
  }

  /// Step Out in the history lands on the last entry the current one caused: `.queryChanged`
  /// starts a debounce whose `.search` starts the request whose `.searchResponse` ends it.
  @Test func stepOutLandsOnTheLastEntryTheCurrentOneCaused() async throws {
    let client = DAPTestClient()
    _ = try await client.start(#"{"feature":"search","virtualClock":true}"#)
    try await client.send("evaluate", #"{"expression":".queryChanged(\"sw\")","context":"repl"}"#)
    try await client.send("evaluate", #"{"expression":"advance 2s","context":"repl"}"#)
    try await client.send("goto", #"{"threadId":1,"targetId":1}"#)
    let out = try await client.send("stepOut", #"{"threadId":1}"#)
    #expect(out.success, "\(out.response)")
    let top = try await topFrame(client)
    #expect(top.name.hasPrefix("#3 .searchResponse"), "\(top.name)")
    // At the latest entry there is nothing to step out of: the store stays, saying so.
    let stay = try await client.send("stepOut", #"{"threadId":1}"#)
    #expect(stay.events("stopped").first?["body"]?["description"]?.text == "at the latest entry, #3")
  }

  @Test func aLogPointPrintsTheValuesAtItsEntryAndNeverStops() async throws {
    let client = try await counterWithThreeEntries()
    try await client.send("goto", #"{"threadId":1,"targetId":0}"#)
    // Line 3 is entry #2.
    let set = try await client.send(
      "setBreakpoints", #"{"source":{"sourceReference":1},"breakpoints":[{"line":3,"logMessage":"count {count}, step {step}, {nope}"}]}"#)
    #expect(set.body?["breakpoints"]?.arrayCount == 1)
    let forward = try await client.send("continue", #"{"threadId":1}"#)
    let printed = forward.events("output").compactMap { $0["body"]?["output"]?.text }
    #expect(printed.contains("count 1, step 2, <no nope at #2>\n"), "\(printed)")
    #expect(forward.events("stopped").first?["body"]?["reason"]?.text == "pause", "it ran on to the end")
    #expect(try await topFrame(client).line == 4)
  }

  /// A script's actions reach the console each as a collapsed group: the headline shown, the
  /// diff inside.
  @Test func eachActionOfALaunchScriptIsACollapsedGroupWithItsDiff() async throws {
    let script = FileManager.default.temporaryDirectory.appendingPathComponent("dap-\(UUID().uuidString).sluice")
    try ".increment\n".write(to: script, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: script) }
    let client = DAPTestClient()
    try await client.send("initialize", #"{"adapterID":"sluice"}"#)
    let launched = try await client.send("launch", #"{"feature":"counter","script":"\#(script.path)"}"#)
    let outputs = launched.events("output").compactMap { $0["body"] }
    let start = try #require(outputs.firstIndex { $0["group"]?.text == "startCollapsed" }, "\(outputs)")
    #expect(outputs[start]["output"]?.text?.hasPrefix("#1 .increment") == true)
    #expect(outputs[start + 1]["output"]?.text?.contains("count: 1") == true)
    #expect(outputs[start + 2]["group"]?.text == "end")
  }

  @Test func restartFrameSendsTheActionAgainOnAFork() async throws {
    let client = try await counterWithThreeEntries()
    try await client.send("stepBack", #"{"threadId":1}"#)
    let top = try await topFrame(client)
    #expect(top.name.hasPrefix("#2 .setStep(2)"))
    let restarted = try await client.send("restartFrame", #"{"frameId":\#(top.id)}"#)
    #expect(restarted.success, "\(restarted.response)")
    #expect(restarted.events("stopped").first?["body"]?["reason"]?.text == "restart")
    let after = try await topFrame(client)
    #expect(after.name.hasPrefix("#2 .setStep(2)"))
    // The fork dropped the old #3: the log ends at the action sent again.
    let source = try await client.send("source", #"{"sourceReference":1}"#)
    #expect(source.body?["content"]?.text?.split(separator: "\n").count == 3)
  }

  @Test func restartLaunchesTheSessionAgainKeepingItsBreakpoints() async throws {
    let client = try await counterWithThreeEntries()
    try await client.send("setFunctionBreakpoints", #"{"breakpoints":[{"name":"setStep"}]}"#)
    let restarted = try await client.send("restart")
    #expect(restarted.success, "\(restarted.response)")
    #expect(restarted.events("stopped").first?["body"]?["reason"]?.text == "entry")
    #expect(try await topFrame(client).name == "initial state", "the history starts again")
    let sent = try await client.send("evaluate", #"{"expression":".setStep(3)","context":"repl"}"#)
    #expect(sent.events("stopped").first?["body"]?["reason"]?.text == "function breakpoint", "\(sent.events)")
  }

  @Test func setVariableIsAnEditEntryAndTheEditorIsToldItsViewsAreStale() async throws {
    let client = try await counterWithThreeEntries()
    let reference = try await stateReference(client)
    let set = try await client.send("setVariable", #"{"variablesReference":\#(reference),"name":"count","value":"40"}"#)
    #expect(set.success, "\(set.response)")
    #expect(set.body?["value"]?.text == "40")
    #expect(set.events("invalidated").count == 1)
    let edited = try await topFrame(client)
    #expect(edited.name.contains("set var"), "\(edited.name)")
    let printed = try await client.send("evaluate", #"{"expression":"count","context":"watch"}"#)
    #expect(printed.body?["result"]?.text == "40")
  }

  @Test func theConsoleRunsShellCommandsAndCompletesThem() async throws {
    let client = try await counterWithThreeEntries()
    let log = try await client.send("evaluate", #"{"expression":"log 2","context":"repl"}"#)
    #expect(log.body?["result"]?.text?.contains("#3 .increment") == true, "\(log.response)")
    let printed = try await client.send("evaluate", #"{"expression":"print self","context":"repl"}"#)
    guard case .integer(let reference)? = printed.body?["variablesReference"] else { throw TestFailure("no reference") }
    #expect(reference > 0, "a printed value with parts can be expanded")
    let failed = try await client.send("evaluate", #"{"expression":"print nope","context":"repl"}"#)
    #expect(!failed.success && failed.message?.contains("nope") == true, "\(failed.response)")
    let completions = try await client.send("completions", #"{"text":".inc","column":5}"#)
    guard case .array(let targets)? = completions.body?["targets"] else { throw TestFailure("no targets") }
    #expect(targets.contains { $0["text"]?.text == ".increment" }, "\(targets)")
  }

  @Test func capabilitiesAreTheHandlersThereAre() async throws {
    let client = DAPTestClient()
    let initialized = try await client.send("initialize", #"{"adapterID":"sluice"}"#)
    guard case .object(let capabilities)? = initialized.body else { throw TestFailure("no capabilities") }
    #expect(capabilities["supportsStepBack"] == .boolean(true))
    #expect(capabilities["supportsGotoTargetsRequest"] == .boolean(true))
    for absent in ["supportsReadMemoryRequest", "supportsDisassembleRequest", "supportsModulesRequest"] {
      #expect(capabilities[absent] == nil, "\(absent) is not offered: a store has none")
    }
    // Each capability advertised has a request that answers: none is refused as unknown.
    let promised: [String: String] = [
      "supportsStepBack": "stepBack", "supportsGotoTargetsRequest": "gotoTargets", "supportsRestartFrame": "restartFrame",
      "supportsSetVariable": "setVariable", "supportsCompletionsRequest": "completions",
      "supportsFunctionBreakpoints": "setFunctionBreakpoints", "supportsConfigurationDoneRequest": "configurationDone",
      "supportsTerminateRequest": "terminate",
    ]
    for (capability, request) in promised where capabilities[capability] != nil {
      let answer = try await client.send(request)
      #expect(answer.message?.contains("unknown request") != true, "\(capability): \(answer.response)")
    }
  }
}

/// A test's own failure, with what it found.
struct TestFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

extension JSONTree {
  /// The count of an array's elements, or `nil`.
  var arrayCount: Int? { if case .array(let elements) = self { elements.count } else { nil } }
}
