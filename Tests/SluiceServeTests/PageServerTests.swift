import ExampleRegistry
import Foundation
import PageClient
import SluiceDebugger
import SluiceServe
import Testing

/// The page's server without a browser: it listens on loopback only, refuses every request
/// without its token (the page and the WebSocket's upgrade), and answers a page's
/// requests with the protocol's events, telling it when the session changes.
@MainActor
@Suite struct PageServerTests {
  let debugger = Debugger(registry: exampleFeatures)

  func start() async throws -> PageServer {
    _ = try debugger.use("counter")
    return try await PageServer.start(debugger: debugger)
  }

  static func token(of server: PageServer) throws -> String {
    try #require(server.address.split(separator: "token=").last.map(String.init))
  }

  /// A page's WebSocket on `server`, opened with its token.
  func openPage(on server: PageServer) async throws -> LoopbackClient {
    let token = try Self.token(of: server)
    let port = server.port
    return try await offMainActor {
      let client = try LoopbackClient(port: port)
      _ = try client.upgrade("/ws?token=" + token)
      return client
    }
  }

  @Test func listensOnLoopbackOnly() async throws {
    let server = try await start()
    defer { Task { await server.stop() } }
    #expect(server.address.hasPrefix("http://127.0.0.1:\(server.port)/?token="))
    // Linux lists listening sockets in /proc/net/tcp: local address 0100007F is 127.0.0.1.
    guard let table = try? String(contentsOfFile: "/proc/net/tcp", encoding: .utf8) else { return }
    let port: String = String(format: "%04X", server.port)
    var listening: [String] = []
    for line in table.split(separator: "\n") {
      let fields: [Substring] = line.split(separator: " ")
      // sl, local address, remote address, state (0A: listening).
      if fields.count > 3, fields[1].hasSuffix(":" + port), fields[3] == "0A" { listening.append(String(fields[1])) }
    }
    #expect(listening == ["0100007F:" + port])
  }

  @Test func everyRequestWithoutTheTokenIsRefused() async throws {
    let server = try await start()
    defer { Task { await server.stop() } }
    let token = try Self.token(of: server)
    let port = server.port
    let answers = try await offMainActor {
      let targets = ["/", "/?token=wrong", "/?token=", "/modules/main.js", "/page.css", "/ws", "/nothing"]
      var statuses = try targets.map { try LoopbackClient(port: port).request($0).status }
      statuses.append(try LoopbackClient(port: port).request("/", headers: ["Cookie: sluice-page-00000000=" + token]).status)
      let upgrades = try ["/ws", "/ws?token=" + String(token.dropLast()) + "x"].map {
        try LoopbackClient(port: port).upgrade($0).status
      }
      return (statuses, upgrades)
    }
    #expect(answers.0 == Array(repeating: 403, count: 8))
    // An upgrade refused is answered by the WebSocket package's HTTP/1 channel: 400, never
    // 101 Switching Protocols.
    #expect(answers.1.allSatisfy { (400..<500).contains($0) }, "\(answers.1)")
  }

  @Test func theTokenOpensThePageAndTheSocket() async throws {
    let server = try await start()
    defer { Task { await server.stop() } }
    let token = try Self.token(of: server)
    let port = server.port
    let (page, upgrade) = try await offMainActor {
      (try LoopbackClient(port: port).request("/?token=" + token), try LoopbackClient(port: port).upgrade("/ws?token=" + token))
    }
    #expect(page.status == 200)
    #expect(try Self.modules(of: page.body)["sluice/connection"]?.contains("new WebSocket") == true)
    #expect(upgrade.status == 101)
  }

  @Test func aPageIsAnsweredWithTheProtocolAndToldOfChanges() async throws {
    let server = try await start()
    defer { Task { await server.stop() } }
    let client = try await openPage(on: server)
    let empty = try LoopbackClient.objects(try await offMainActor { try client.answer(to: 1, command: "log from 1 5") })
    #expect(empty.contains { $0["event"] as? String == "output" })

    // The shell's side sends two actions; the page hears that the session changed.
    let session = try #require(debugger.current)
    _ = try session.running.send(".increment", origin: .user)
    _ = try session.running.send(".increment", origin: .user)
    let changed = try await offMainActor { try client.receiveText() }
    #expect(changed.contains(#""event":"changed""#))
    #expect(changed.contains(#""feature":"counter""#))

    let window = try LoopbackClient.objects(try await offMainActor { try client.answer(to: 2, command: "log from 2 5") })
    let entries = try #require(window.first { $0["event"] as? String == "logEntries" }?["entries"] as? [[String: Any]])
    #expect(entries.map { $0["index"] as? Int } == [2])

    // The page's jump is the shell's: the session moved, and its events wait for the shell.
    _ = session.inspection.takeEvents()
    _ = try await offMainActor { try client.answer(to: 3, command: "jump 1") }
    #expect(session.inspection.position == 1)
    #expect(session.inspection.takeEvents().contains { if case .stateReplaced = $0 { true } else { false } })
  }

  @Test func aBreakpointAddedAtTheShellTellsThePage() async throws {
    let server = try await start()
    defer { Task { await server.stop() } }
    let client = try await openPage(on: server)
    // The page waits for its next request once it answered one: then it hears changes.
    _ = try await offMainActor { try client.answer(to: 1, command: "info breakpoints") }
    let shell = CommandInterpreter(debugger: debugger, origin: .user)
    _ = await shell.execute(line: "break increment")
    let changed = try await offMainActor { try client.receiveText() }
    #expect(changed.contains(#""event":"changed""#))
    let listed = try await offMainActor { try client.answer(to: 2, command: "info breakpoints") }
    #expect(listed.contains { $0.contains("increment") })
  }

  @Test func thePageFollowsUseAtTheShell() async throws {
    let server = try await start()
    defer { Task { await server.stop() } }
    let counter = try #require(debugger.current)
    _ = try counter.running.send(".increment", origin: .user)
    let client = try await openPage(on: server)
    let before = try LoopbackClient.objects(try await offMainActor { try client.answer(to: 1, command: "log from 0 5") })
    let counterEntries = try #require(before.first { $0["event"] as? String == "logEntries" }?["entries"] as? [[String: Any]])
    #expect(counterEntries.map { $0["action"] as? String } == [".increment"])

    // `use` at the shell: the page is told, with the feature it now shows.
    let shell = CommandInterpreter(debugger: debugger, origin: .user)
    _ = await shell.execute(line: "use todos")
    _ = await shell.execute(line: ".setFilter(.completed)")
    let changed = try LoopbackClient.objects([try await offMainActor { try client.receiveText() }])
    #expect(changed.first?["event"] as? String == "changed")
    #expect(changed.first?["feature"] as? String == "todos")

    let after = try LoopbackClient.objects(try await offMainActor { try client.answer(to: 2, command: "log from 0 5") })
    let todosEntries = try #require(after.first { $0["event"] as? String == "logEntries" }?["entries"] as? [[String: Any]])
    #expect(todosEntries.map { $0["action"] as? String } == [".setFilter(.completed)"])
  }
}
