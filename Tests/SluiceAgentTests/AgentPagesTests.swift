import Foundation
import Sluice
import SluiceReporting
import Testing

@testable import SluiceAgent
@testable import SluiceAgentTransport

/// A number the tests' program keeps in two stores.
private struct Count: Reducer {
  struct State: Codable, Equatable, Sendable {
    var count = 0
  }

  enum Action: Codable, Sendable {
    case add
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.count += 1
    return .none
  }
}

/// Browser pages over an attached client's connection (`ui` in `sluice attach`): the
/// client sends each page's requests in envelopes, and the agent answers each page with a
/// runner of its own, in envelopes naming the page.
@MainActor
@Suite struct AgentPagesTests {
  /// The program, with the stores `first` and `second`, and a client attached to it whose
  /// hello was read.
  private func attach(in folder: TemporaryFolder) async throws
    -> (SluiceAgent, TestClient, hello: String, stores: [Store<Count.State, Count.Action>])
  {
    var configuration = AgentConfiguration()
    configuration.environment = folder.environment
    let agent = try await SluiceAgent.start(configuration)
    let stores = [Store(initialState: Count.State(), reducer: Count()), Store(initialState: Count.State(), reducer: Count())]
    try agent.attach(stores[0], as: "first")
    try agent.attach(stores[1], as: "second")
    let client = try TestClient(unixPath: agent.socketPath)
    let hello = try await read(client, until: #""event":"hello""#)
    return (agent, client, hello, stores)
  }

  /// Reads lines until one contains `text`, and returns it.
  private func read(_ client: TestClient, until text: String) async throws -> String {
    while let line = try await client.readLine() {
      if line.contains(text) { return line }
    }
    throw TestClientError(description: "the connection ended before a line with \(text)")
  }

  /// Sends `command` as page `page`'s request `id`, and reads the page's lines up to its
  /// `completed`.
  private func ask(_ client: TestClient, page: Int, id: Int, _ command: String) async throws -> [String] {
    let request = #"{"id":\#(id),"command":"\#(command)"}"#
    _ = await client.write(PageEnvelope.line(page: page, request).text + "\n")
    var lines: [String] = []
    while let line = try await client.readLine() {
      lines.append(line)
      if line.hasPrefix(#"{"page":\#(page),"event":{"event":"completed","version":1,"id":\#(id),"#) { return lines }
    }
    throw TestClientError(description: "the connection ended before page \(page)'s request \(id) completed: \(lines)")
  }

  @Test func helloSaysHowManyPagesTheAgentAnswers() async throws {
    let folder = try TemporaryFolder()
    let (agent, _, hello, _) = try await attach(in: folder)
    #expect(hello.contains(#""pages":\#(OpenPages.limit)"#))
    await agent.stop()
  }

  @Test func aPagesRequestsAreAnsweredInEnvelopesNamingIt() async throws {
    let folder = try TemporaryFolder()
    let (agent, client, _, stores) = try await attach(in: folder)
    _ = await client.write(#"{"id":1,"command":"use first"}"# + "\n")
    _ = try await read(client, until: #""event":"completed""#)
    stores[0].send(.add)
    stores[0].send(.add)
    _ = await client.write(PageEnvelope.open(page: 4, address: "http://127.0.0.1:1/?token=t").text + "\n")

    let log = try await ask(client, page: 4, id: 1, "log from 0 5")
    let entries = try #require(log.first { $0.hasPrefix(#"{"page":4,"event":{"event":"logEntries""#) })
    #expect(entries.contains(#""index":1"#) && entries.contains(#""index":2"#))
    // The page's `ui` answers the address it was opened at.
    let ui = try await ask(client, page: 4, id: 2, "ui")
    #expect(ui.contains { $0.contains("http://127.0.0.1:1/?token=t") })

    // The page's jump is the client's to show: the client hears it between its commands.
    _ = await client.write(#"{"attach":{"status":true}}"# + "\n")
    let jump = try await ask(client, page: 4, id: 3, "jump 1")
    #expect(!jump.contains { $0.contains(#""failed":true"#) })
    // The status the settings asked for comes first; the jump's follows.
    var status = try await read(client, until: #"{"event":"status""#)
    while !status.contains(#""position":1"#) { status = try await read(client, until: #"{"event":"status""#) }
    #expect(status.contains(#""feature":"first""#))
    await agent.stop()
  }

  @Test func aPageFollowsUseAtTheClientsShell() async throws {
    let folder = try TemporaryFolder()
    let (agent, client, _, stores) = try await attach(in: folder)
    _ = await client.write(#"{"id":1,"command":"use first"}"# + "\n")
    _ = try await read(client, until: #""event":"completed""#)
    _ = await client.write(PageEnvelope.open(page: 1, address: "http://127.0.0.1:1/?token=t").text + "\n")
    _ = try await ask(client, page: 1, id: 1, "log")

    stores[1].send(.add)
    _ = await client.write(#"{"id":2,"command":"use second"}"# + "\n")
    let changed = try await read(client, until: #"{"page":1,"event":{"event":"changed""#)
    #expect(changed.contains(#""feature":"second""#))
    let log = try await ask(client, page: 1, id: 2, "info settings")
    #expect(log.contains { $0.contains(#""feature":"second""#) })
    await agent.stop()
  }

  @Test func aMalformedEnvelopeIsAnsweredWithAnErrorAndTheClientGoesOn() async throws {
    let folder = try TemporaryFolder()
    let (agent, client, _, _) = try await attach(in: folder)
    _ = await client.write(#"{"page": oops}"# + "\n")
    let error = try await read(client, until: #""event":"error""#)
    #expect(error.hasPrefix(#"{"event":"error""#))
    #expect(error.contains("a page envelope is"))
    _ = await client.write(#"{"page":1,"line":"x","close":true}"# + "\n")
    #expect(try await read(client, until: #""event":"error""#).contains("a page envelope is"))

    // A page's request that is no JSON is the page's own runner's to refuse.
    _ = await client.write(PageEnvelope.open(page: 1, address: "http://127.0.0.1:1/?token=t").text + "\n")
    _ = await client.write(PageEnvelope.line(page: 1, #"{"id":1,"command""#).text + "\n")
    let refused = try await read(client, until: #""event":"error""#)
    #expect(refused.hasPrefix(#"{"page":1,"event":{"event":"error""#))
    // A line for a page never opened.
    _ = await client.write(PageEnvelope.line(page: 7, #"{"id":1,"command":"log"}"#).text + "\n")
    #expect(try await read(client, until: #""event":"error""#).hasPrefix(#"{"page":7,"event":{"event":"error""#))
    #expect(try await read(client, until: #"{"page":7"#) == #"{"page":7,"closed":true}"#)

    // The client's own commands are answered as before.
    _ = await client.write(#"{"id":9,"command":"use first"}"# + "\n")
    #expect(try await read(client, until: #""event":"completed""#).contains(#""id":9"#))
    await agent.stop()
  }

  @Test func onePageMoreThanTheLimitIsRefusedAndClosed() async throws {
    let folder = try TemporaryFolder()
    let (agent, client, _, _) = try await attach(in: folder)
    for page in 1...OpenPages.limit {
      _ = await client.write(PageEnvelope.open(page: page, address: "http://127.0.0.1:1/?token=t").text + "\n")
    }
    let extra = OpenPages.limit + 1
    _ = await client.write(PageEnvelope.open(page: extra, address: "http://127.0.0.1:1/?token=t").text + "\n")
    let refusal = try await read(client, until: #"{"page":\#(extra),"#)
    #expect(refusal.hasPrefix(#"{"page":\#(extra),"event":{"event":"error""#))
    #expect(refusal.contains("\(OpenPages.limit) pages are open"))
    #expect(try await client.readLine() == #"{"page":\#(extra),"closed":true}"#)

    // Every page within the limit is answered; closing one makes room.
    for page in 1...OpenPages.limit { _ = try await ask(client, page: page, id: 1, "info settings") }
    _ = await client.write(PageEnvelope.close(page: 1).text + "\n")
    _ = await client.write(PageEnvelope.open(page: extra, address: "http://127.0.0.1:1/?token=t").text + "\n")
    _ = try await ask(client, page: extra, id: 1, "info settings")
    await agent.stop()
  }

  /// Issue 52, finding 1: a page (relayed by `sluice attach`) runs no command that reads or
  /// writes a file, as the program's user, unless the attached user asked for it at their
  /// terminal (`ui --allow-files`), which the client says in the page's `open`.
  @Test func aPageMayNotTouchFilesUnlessItsOpenAllowsIt() async throws {
    let folder = try TemporaryFolder()
    let (agent, client, _, _) = try await attach(in: folder)
    _ = await client.write(#"{"id":1,"command":"use first"}"# + "\n")
    _ = try await read(client, until: #""event":"completed""#)
    let refusedPath = folder.path + "/refused.session"
    let allowedPath = folder.path + "/allowed.session"
    _ = await client.write(#"{"page":1,"open":"http://127.0.0.1:1/?token=t"}"# + "\n")
    let refused = try await ask(client, page: 1, id: 1, "save \(refusedPath)")
    #expect(refused.contains { $0.contains(#""event":"error""#) && $0.contains("ui --allow-files") }, "\(refused)")
    #expect(!FileManager.default.fileExists(atPath: refusedPath))
    _ = await client.write(#"{"page":2,"open":"http://127.0.0.1:1/?token=t","files":true}"# + "\n")
    let allowed = try await ask(client, page: 2, id: 1, "save \(allowedPath)")
    #expect(!allowed.contains { $0.contains(#""event":"error""#) }, "\(allowed)")
    #expect(FileManager.default.fileExists(atPath: allowedPath))
    await agent.stop()
  }
}
