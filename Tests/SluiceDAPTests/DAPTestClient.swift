import ExampleRegistry
import Foundation
import JSONCheck
import SluiceDAP
import SluiceDebugger
import SluiceReporting
import Testing

/// An editor in a test: sends requests to a ``DebugAdapter`` in this process, numbering
/// them, and keeps every message it got back, each held to the Debug Adapter Protocol's
/// schema when `SLUICE_DAP_SCHEMA` names it (Scripts/test fetches it).
@MainActor
final class DAPTestClient {
  let adapter: DebugAdapter
  private var seq = 0
  private var messageSeq = 0
  /// Every message received, oldest first.
  private(set) var received: [JSONTree] = []

  /// A client of an adapter whose `launch` takes the features of `registry`.
  init(registry: FeatureRegistry = exampleFeatures) {
    adapter = DebugAdapter(registry: registry)
  }

  /// What one request got: its response and the events after it.
  struct Answer {
    let response: JSONTree
    let events: [JSONTree]

    var success: Bool { response["success"] == .boolean(true) }
    var body: JSONTree? { response["body"] }
    var message: String? { response["message"]?.text }
    /// The events named `name`.
    func events(_ name: String) -> [JSONTree] { events.filter { $0["event"]?.text == name } }
  }

  /// Sends `command` with `arguments` (a JSON object's text) and returns what came back.
  @discardableResult
  func send(_ command: String, _ arguments: String = "{}") async throws -> Answer {
    seq += 1
    let request = #"{"seq":\#(seq),"type":"request","command":"\#(command)","arguments":\#(arguments)}"#
    return try await sendRaw(Array(request.utf8))
  }

  /// Sends a frame's body as it is (a malformed one, in the tests of bad input).
  func sendRaw(_ body: [UInt8]) async throws -> Answer {
    let messages = try await adapter.answer(body: body).map { message in
      messageSeq += 1
      return try JSONTree(parsing: message.json(seq: messageSeq).serialized)
    }
    for message in messages { check(message) }
    received += messages
    let response = try #require(messages.first { $0["type"]?.text == "response" }, "no response in \(messages)")
    return Answer(response: response, events: messages.filter { $0["type"]?.text == "event" })
  }

  /// The VS Code order up to the first stop: initialize, launch (then `initialized`),
  /// configurationDone.
  func start(_ launch: String) async throws -> Answer {
    let initialized = try await send("initialize", #"{"adapterID":"sluice","linesStartAt1":true,"supportsVariableType":true,"supportsInvalidatedEvent":true}"#)
    #expect(initialized.success)
    #expect(initialized.events("initialized").isEmpty, "`initialized` waits for a session")
    let launched = try await send("launch", launch)
    #expect(launched.success, "\(launched.response)")
    #expect(launched.events("initialized").count == 1)
    return try await send("configurationDone")
  }

  /// Holds `message` to the protocol's schema, when Scripts/test fetched it.
  private func check(_ message: JSONTree) {
    guard let schema = JSONSchemaCheck.debugAdapterProtocol else { return }
    let problems = schema.debugAdapterProblems(of: message)
    #expect(problems.isEmpty, "\(problems) in \(message)")
  }
}
