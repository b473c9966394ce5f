import Foundation
import SluiceAgentAccess
import Testing

@testable import SluiceAgent
@testable import SluiceAgentTransport

@Suite struct BadInputTests {
  @Test func bytesThatAreNotUTF8GetAnErrorAndAreClosed() async throws {
    let temporary = try TemporaryFolder()
    let handler = RecordingHandler()
    let server = try await startServer(in: temporary, handler: handler)
    let client = try TestClient(unixPath: server.socketPath)
    await client.write([0x66, 0xFF, 0xFE, 0x80, 0x0A])
    let error = try #require(try await client.readLine())
    #expect(error.contains("not valid UTF-8"))
    #expect(try await client.readLine() == nil)
    try await expectStillServing(server)
    await server.stop()
    #expect(!handler.events.contains { $0.hasPrefix("line 1") })
  }

  @Test func aHundredMegabyteLineIsCutOffAtTheLimit() async throws {
    let temporary = try TemporaryFolder()
    let server = try await startServer(in: temporary, handler: RecordingHandler())
    let client = try TestClient(unixPath: server.socketPath)
    let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 64 << 10)
    var written = 0
    var failure: AgentError?
    while written < 100 << 20 {
      failure = await client.write(chunk)
      if failure != nil { break }
      written += chunk.count
    }
    // The server closed long before the 100 MB were all written.
    #expect(failure?.message.contains("the program closed the connection") == true, "\(String(describing: failure))")
    #expect(written < 50 << 20)
    let error = try #require(try await client.readLine())
    #expect(error.contains("line longer than 1048576 bytes"))
    #expect(try await client.readLine() == nil)
    try await expectStillServing(server)
    await server.stop()
  }

  @Test func aLineOfExactlyTheLimitIsAccepted() async throws {
    let temporary = try TemporaryFolder()
    let server = try await startServer(in: temporary, handler: RecordingHandler()) { $0.maximumLineLength = 10 }
    let client = try TestClient(unixPath: server.socketPath)
    await client.write("0123456789\r\n0123456789A\n")
    #expect(try await client.readLine() == "echo: 0123456789")
    #expect(try await client.readLine()?.contains("line longer than 10 bytes") == true)
    #expect(try await client.readLine() == nil)
    await server.stop()
  }

  private func expectStillServing(_ server: AgentServer) async throws {
    let next = try TestClient(unixPath: server.socketPath)
    await next.write("ping\n")
    #expect(try await next.readLine() == "echo: ping")
  }
}
