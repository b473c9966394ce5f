import Foundation
import JSONCheck
import Testing

/// `sluice dap`'s `attach`, against the running example service (`sluice-attach-example`):
/// the editor's requests are relayed to a debug adapter inside the program, over the agent's
/// socket, as `sluice attach` connects. The store runs on its own: it stops at breakpoints
/// while the program goes on serving, and moves through its history while paused.
@Suite(.serialized) struct DebugAdapterAttachTests {
  @Test func anEditorAttachesToTheRunningServiceAndDebugsItsStore() async throws {
    let program = try ExampleProgram()
    let adapter = try DAPProcess(environment: program.environment)
    #expect(try await adapter.ask("initialize", #"{"adapterID":"sluice","linesStartAt1":true,"supportsVariableType":true,"supportsInvalidatedEvent":true}"#)["success"] == .boolean(true))
    // Breakpoints set before `attach` are the program's adapter's too.
    let early = try await adapter.ask("setFunctionBreakpoints", #"{"breakpoints":[{"name":"decrement"}]}"#)
    #expect(early["body"]?["breakpoints"]?[0]?["id"] == .integer(1))
    let attached = try await adapter.ask("attach", #"{"pid":\#(program.pid),"store":"counter"}"#)
    #expect(attached["success"] == .boolean(true), "\(attached)")
    #expect(try await adapter.waitFor { $0["event"]?.text == "initialized" } != nil)
    let threads = try await adapter.ask("threads")
    #expect(threads["body"]?["threads"]?[0] == .object(["id": .integer(1), "name": .string("counter")]))
    #expect(threads["body"]?["threads"]?[2]?["name"]?.text == "pingpong")
    // The store runs: configurationDone stops nothing.
    let configured = adapter.count
    _ = try await adapter.ask("configurationDone")
    for _ in 1...3 { _ = try program.request("increment") }

    // Paused from the editor, the program goes on answering what needs no action.
    #expect(try await adapter.ask("pause", #"{"threadId":1}"#)["success"] == .boolean(true))
    let paused = try #require(try await adapter.waitFor(from: configured) { $0["event"]?.text == "stopped" })
    #expect(paused.message["body"]?["reason"]?.text == "pause")
    #expect(try program.request("count") == "count 3")
    let frames = try await adapter.ask("stackTrace", #"{"threadId":1}"#)
    #expect(frames["body"]?["stackFrames"]?[0]?["line"] == .integer(4), "#3 is on the log's fourth line")
    let log = try await adapter.ask("source", #"{"sourceReference":1}"#)
    #expect(log["body"]?["content"]?.text?.hasPrefix("#0 initial state\n#1 .increment") == true)
    #expect(try await stateValue("count", adapter) == "3")

    // Back through the history to a line breakpoint, passing a log point.
    let lines = try await adapter.ask("setBreakpoints", #"{"source":{"sourceReference":1},"breakpoints":[{"line":2},{"line":3,"logMessage":"count was {count}"}]}"#)
    #expect(lines["body"]?["breakpoints"]?[0]?["verified"] == .boolean(true))
    let before = adapter.count
    _ = try await adapter.ask("reverseContinue", #"{"threadId":1}"#)
    let hit = try #require(try await adapter.waitFor(from: before) { $0["event"]?.text == "stopped" })
    #expect(hit.message["body"]?["hitBreakpointIds"] == .array([.integer(2)]))
    #expect(adapter.received[before...].contains { $0["body"]?["output"]?.text == "count was 2\n" })
    #expect(try await stateValue("count", adapter) == "1")
    #expect(try await adapter.ask("stepBack", #"{"threadId":1}"#)["success"] == .boolean(true))
    #expect(try await stateValue("count", adapter) == "0")
    #expect(try await adapter.ask("goto", #"{"threadId":1,"targetId":2}"#)["success"] == .boolean(true))
    #expect(try await stateValue("count", adapter) == "2")

    // Restart #2's frame: back to #1, its action sent again and waiting; Step Over reduces
    // it, forking the history there.
    let trace = try await adapter.ask("stackTrace", #"{"threadId":1}"#)
    let top = try #require(trace["body"]?["stackFrames"]?[0]?["id"]?.integer)
    let restarting = adapter.count
    #expect(try await adapter.ask("restartFrame", #"{"frameId":\#(top)}"#)["success"] == .boolean(true))
    let restarted = try #require(try await adapter.waitFor(from: restarting) { $0["event"]?.text == "stopped" })
    #expect(restarted.message["body"]?["reason"]?.text == "restart")
    #expect(try await stateValue("count", adapter) == "1", "the state before #2's action")
    #expect(try await adapter.ask("next", #"{"threadId":1}"#)["success"] == .boolean(true))
    #expect(try await stateValue("count", adapter) == "2")
    let forked = try await adapter.ask("source", #"{"sourceReference":1}"#)
    #expect(forked["body"]?["content"]?.text?.split(separator: "\n").count == 3, "#0, #1 and the fork's #2: \(forked)")

    // An edit, recorded as an entry of its own.
    let scopes = try await topScopes(adapter)
    let state = try #require(scopes.first { $0["name"]?.text == "State" }?["variablesReference"]?.integer)
    let edited = try await adapter.ask("setVariable", #"{"variablesReference":\#(state),"name":"count","value":"7"}"#)
    #expect(edited["body"]?["value"]?.text == "7")
    #expect(try await stateValue("count", adapter) == "7")

    // A watchpoint on count, then the store runs on: the program's next action hits it.
    let fresh = try #require(try await topScopes(adapter).first { $0["name"]?.text == "State" }?["variablesReference"]?.integer)
    let info = try await adapter.ask("dataBreakpointInfo", #"{"name":"count","variablesReference":\#(fresh)}"#)
    #expect(info["body"]?["dataId"]?.text == "count")
    let watched = try await adapter.ask("setDataBreakpoints", #"{"breakpoints":[{"dataId":"count"}]}"#)
    let watchID = try #require(watched["body"]?["breakpoints"]?[0]?["id"])
    let running = adapter.count
    #expect(try await adapter.ask("continue", #"{"threadId":1}"#)["body"]?["allThreadsContinued"] == .boolean(false))
    #expect(!adapter.received[running...].contains { $0["event"]?.text == "stopped" }, "the store runs")
    _ = try program.request("increment")
    let watch = try #require(try await adapter.waitFor(from: running) { $0["event"]?.text == "stopped" })
    #expect(watch.message["body"]?["reason"]?.text == "data breakpoint")
    #expect(watch.message["body"]?["hitBreakpointIds"] == .array([watchID]))

    // The breakpoint set before attaching stops the program's decrement, which waits; the
    // editor disconnects, and the store runs on, unpaused, the decrement done.
    _ = try await adapter.ask("setDataBreakpoints", #"{"breakpoints":[]}"#)
    let resumed = adapter.count
    _ = try await adapter.ask("continue", #"{"threadId":1}"#)
    let port = program.httpPort
    let decrement = Thread { _ = try? HTTPRequest.send("POST", "/counter/decrement", toPort: port) }
    decrement.start()
    let stop = try #require(try await adapter.waitFor(from: resumed) { $0["event"]?.text == "stopped" })
    #expect(stop.message["body"]?["hitBreakpointIds"] == .array([.integer(1)]))
    #expect(try program.request("count") == "count 8", "the program serves while its store is paused")
    #expect(try await adapter.ask("disconnect")["success"] == .boolean(true))
    #expect(try await adapter.waitUntilExit() == 0)
    #expect(try program.waitForCount(7))
    #expect(try program.request("increment") == "count 8", "the store runs unpaused")

    #expect(adapter.framingProblems.isEmpty)
    // Each request was answered once: those told again to the program's adapter too.
    let answered = adapter.received.compactMap { $0["type"]?.text == "response" ? $0["request_seq"]?.integer : nil }
    #expect(answered.count == Set(answered).count, "\(answered)")
    let numbers = adapter.received.compactMap { $0["seq"]?.integer }
    #expect(numbers == Array(1...numbers.count), "the editor's messages are numbered in order, relayed or not")
    if let schema = JSONSchemaCheck.debugAdapterProtocol {
      for message in adapter.received {
        let problems = schema.debugAdapterProblems(of: message)
        #expect(problems.isEmpty, "\(problems) in \(message)")
      }
    }
  }

  @Test func anAttachThatCannotConnectFailsAndTheEditorMayLaunchInstead() async throws {
    let folder = try ScriptFolder()
    let adapter = try DAPProcess()
    _ = try await adapter.ask("initialize", #"{"adapterID":"sluice"}"#)
    let missing = try await adapter.ask("attach", #"{"socket":"\#(folder.url.path)/none.sock"}"#)
    #expect(missing["success"] == .boolean(false))
    #expect(missing["message"]?.text?.contains("none.sock") == true, "\(missing)")
    let vague = try await adapter.ask("attach", #"{"host":"127.0.0.1","port":9}"#)
    #expect(vague["message"]?.text?.contains("tokenFile") == true, "\(vague)")
    #expect(try await adapter.ask("launch", #"{"feature":"counter","virtualClock":true}"#)["success"] == .boolean(true))
    _ = try await adapter.ask("disconnect")
    #expect(try await adapter.waitUntilExit() == 0)
  }

  @Test func aSecondEditorIsRefusedWhileOneIsAttached() async throws {
    let program = try ExampleProgram()
    let first = try DAPProcess(environment: program.environment)
    _ = try await first.ask("initialize", #"{"adapterID":"sluice"}"#)
    #expect(try await first.ask("attach", #"{"socket":"\#(program.socket)"}"#)["success"] == .boolean(true))
    let second = try DAPProcess(environment: program.environment)
    _ = try await second.ask("initialize", #"{"adapterID":"sluice"}"#)
    let refused = try await second.ask("attach", #"{"socket":"\#(program.socket)"}"#)
    #expect(refused["success"] == .boolean(false))
    #expect(refused["message"]?.text?.contains("another debugger is attached") == true, "\(refused)")
    _ = try await first.ask("disconnect")
    #expect(try await first.waitUntilExit() == 0)
    second.closeInput()
    #expect(try await second.waitUntilExit() == 0)
  }

  /// The value at `path` in the top frame's state, as the editor shows it.
  private func stateValue(_ path: String, _ adapter: DAPProcess) async throws -> String? {
    let scopes = try await topScopes(adapter)
    let state = try #require(
      scopes.first { ["State", "Initial state"].contains($0["name"]?.text) }?["variablesReference"]?.integer, "\(scopes)")
    let variables = try await adapter.ask("variables", #"{"variablesReference":\#(state)}"#)
    guard case .array(let values)? = variables["body"]?["variables"] else { throw DAPTranscriptFailure("\(variables)") }
    return values.first { $0["name"]?.text == path }?["value"]?.text
  }

  /// The scopes of the top frame.
  private func topScopes(_ adapter: DAPProcess) async throws -> [JSONTree] {
    let trace = try await adapter.ask("stackTrace", #"{"threadId":1}"#)
    let frame = try #require(trace["body"]?["stackFrames"]?[0]?["id"]?.integer, "\(trace)")
    let scopes = try await adapter.ask("scopes", #"{"frameId":\#(frame)}"#)
    guard case .array(let list)? = scopes["body"]?["scopes"] else { throw DAPTranscriptFailure("\(scopes)") }
    return list
  }
}
