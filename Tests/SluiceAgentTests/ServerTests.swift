import Foundation
import Testing
import SluiceAgentAccess

@testable import SluiceAgent
@testable import SluiceAgentTransport

@Suite struct ServerTests {
  @Test func theSocketIsPrivateAndTheDiscoveryFileListsTheProgram() async throws {
    let temporary = try TemporaryFolder()
    let server = try await startServer(in: temporary, handler: RecordingHandler())
    #expect(server.socketPath == temporary.runtimeFolder + "/\(getpid()).sock")
    #expect(permissions(of: server.socketPath) == 0o600)
    #expect(permissions(of: server.discoveryPath) == 0o600)

    let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: server.discoveryPath)))
    let fields = try #require(json as? [String: Any])
    #expect(fields["pid"] as? Int == Int(getpid()))
    #expect(fields["program"] as? String == "TestProgram")
    #expect(fields["stores"] as? [String] == ["counter"])
    #expect(fields["socket"] as? String == server.socketPath)
    #expect(fields["protocolVersion"] as? Int == 1)
    #expect(fields["tcp"] == nil)
    let started = try #require(fields["started"] as? String)
    #expect(ISO8601DateFormatter().date(from: started) != nil)

    try server.updateStores(["counter", "todos"])
    let rewritten = try Data(contentsOf: URL(fileURLWithPath: server.discoveryPath))
    let updated = try #require(AgentListing.decoded(from: Array(rewritten)))
    #expect(updated.stores == ["counter", "todos"])

    await server.stop()
    #expect(!fileExists(server.socketPath))
    #expect(!fileExists(server.discoveryPath))
  }

  @Test func linesAreHandedOverAndAnsweredInOrder() async throws {
    let temporary = try TemporaryFolder()
    let handler = RecordingHandler(greets: true)
    let server = try await startServer(in: temporary, handler: handler)
    let client = try TestClient(unixPath: server.socketPath)
    #expect(try await client.readLine() == "hello")
    await client.write("one\ntwo\r\n\nthree\n")
    #expect(try await client.readLine() == "echo: one")
    #expect(try await client.readLine() == "echo: two")
    #expect(try await client.readLine() == "echo: three")
    #expect(handler.events == ["connected 1", "line 1 one", "line 1 two", "line 1 three"])
    await server.stop()
  }

  @Test func twoClientsAreServedIndependently() async throws {
    let temporary = try TemporaryFolder()
    let handler = RecordingHandler(greets: true)
    let server = try await startServer(in: temporary, handler: handler)
    let first = try TestClient(unixPath: server.socketPath)
    let second = try TestClient(unixPath: server.socketPath)
    #expect(try await first.readLine() == "hello")
    #expect(try await second.readLine() == "hello")
    // The first client's line is held by its handler; the second is answered meanwhile.
    await first.write("hold\n")
    #expect(await eventually { handler.events.contains { $0.hasSuffix(" hold") } })
    await second.write("ping\n")
    #expect(try await second.readLine() == "echo: ping")
    handler.release()
    #expect(try await first.readLine() == "echo: hold")
    await server.stop()
  }

  @Test func stoppingClosesClientsAndTellsTheHandlerOnce() async throws {
    let temporary = try TemporaryFolder()
    let handler = RecordingHandler(greets: true)
    let server = try await startServer(in: temporary, handler: handler)
    let client = try TestClient(unixPath: server.socketPath)
    #expect(try await client.readLine() == "hello")
    await server.stop()
    #expect(try await client.readLine() == nil)
    #expect(handler.events == ["connected 1", "disconnected 1"])
    await server.stop()
    #expect(handler.count("disconnected 1") == 1)
  }

  @Test func aClientThatLeavesIsDisconnectedOnce() async throws {
    let temporary = try TemporaryFolder()
    let handler = RecordingHandler(greets: true)
    let server = try await startServer(in: temporary, handler: handler)
    do {
      let client = try TestClient(unixPath: server.socketPath)
      #expect(try await client.readLine() == "hello")
    }
    #expect(await eventually { handler.count("disconnected 1") == 1 })
    await server.stop()
    #expect(handler.count("disconnected 1") == 1)
  }

  @Test func aStaleSocketIsReplacedButARegularFileIsNot() async throws {
    let temporary = try TemporaryFolder()
    let folder = try AgentFolder.prepare(environment: temporary.environment)
    try makeSocketFile(folder.file("stale.sock"))
    let server = try await startServer(in: temporary, handler: RecordingHandler()) { $0.name = "stale" }
    #expect(try await TestClient(unixPath: server.socketPath).write("x\n") == nil)
    await server.stop()

    try temporary.write("keep", to: "sluice/file.sock")
    let error = await #expect(throws: AgentError.self) {
      try await startServer(in: temporary, handler: RecordingHandler()) { $0.name = "file" }
    }
    #expect(error?.message.contains("is a regular file, not a socket") == true)
    #expect(fileExists(folder.file("file.sock")))
  }

  @Test func aSocketPathTooLongIsRefused() async throws {
    let temporary = try TemporaryFolder()
    let error = await #expect(throws: AgentError.self) {
      try await startServer(in: temporary, handler: RecordingHandler()) { $0.name = String(repeating: "n", count: 120) }
    }
    #expect(error?.message.contains("more than the \(SocketFile.maximumPathLength) a socket path may have") == true)
  }
}
