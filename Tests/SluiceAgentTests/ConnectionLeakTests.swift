import Foundation
import Testing

@testable import SluiceAgent

/// Connections that end without a word, over real sockets: each is closed, and the agent's
/// count of open connections comes back to zero.
@Suite struct ConnectionLeakTests {
  private static let connections = 200

  @Test func twoHundredTCPConnectionsThatCloseBeforeTheHandshakeAreAllClosed() async throws {
    let temporary = try TemporaryFolder()
    let tokenFile = try temporary.write("correct-horse-battery-staple\n", to: "token", mode: 0o600)
    let server = try await startServer(in: temporary, handler: RecordingHandler()) { $0.tcp = .init(tokenFile: tokenFile) }
    let port = try #require(server.tcpPort)
    let counts = server.openConnectionCounts()
    for _ in 0..<Self.connections { _ = try TestClient(tcpPort: port) }
    let last = await openConnections(afterAll: Self.connections, closedIn: counts)
    #expect(last == 0, "\(last) connections were still open")
    await server.stop()
  }

  @Test func twoHundredSocketConnectionsThatCloseAreAllClosed() async throws {
    let temporary = try TemporaryFolder()
    let server = try await startServer(in: temporary, handler: RecordingHandler())
    let counts = server.openConnectionCounts()
    for index in 0..<Self.connections {
      let client = try TestClient(unixPath: server.socketPath)
      // Every other one leaves half a line behind.
      if index.isMultiple(of: 2) { await client.write("use coun") }
    }
    let last = await openConnections(afterAll: Self.connections, closedIn: counts)
    #expect(last == 0, "\(last) connections were still open")
    await server.stop()
  }

  /// A TCP client that has not authenticated cannot make the program hold a megabyte: its
  /// line is refused at 256 bytes.
  @Test func aPartialMegabyteLineBeforeTheHandshakeIsRefusedEarly() async throws {
    let temporary = try TemporaryFolder()
    let tokenFile = try temporary.write("correct-horse-battery-staple\n", to: "token", mode: 0o600)
    let server = try await startServer(in: temporary, handler: RecordingHandler()) { $0.tcp = .init(tokenFile: tokenFile) }
    let client = try TestClient(tcpPort: try #require(server.tcpPort))
    await client.write([UInt8](repeating: UInt8(ascii: "a"), count: 4096))
    #expect(try await client.readLine()?.contains("line longer than 256 bytes") == true)
    #expect(try await client.readLine() == nil)
    await server.stop()
  }

  /// Follows the counts of open connections until every one of `count` connections was
  /// opened and all are closed again, or the counts stop coming; returns the last count.
  ///
  /// Each connection opens and closes once, so at most 2 × `count` changes come after the
  /// first count: the loop is bounded. Only a server that never closes a connection sends no
  /// more, which the guard (a minute, never reached otherwise) turns into a failure.
  private func openConnections(afterAll count: Int, closedIn counts: AsyncStream<Int>) async -> Int {
    await withTaskGroup(of: Int?.self) { group in
      group.addTask {
        var (opened, previous, iterations) = (0, 0, 0)
        for await current in counts {
          if current > previous { opened += current - previous }
          previous = current
          if opened >= count, current == 0 { return 0 }
          iterations += 1
          if iterations > 2 * count { break }
        }
        return previous
      }
      group.addTask {
        try? await Task.sleep(for: .seconds(60))
        return nil
      }
      let first = await group.next() ?? nil
      group.cancelAll()
      if let first { return first }
      // The guard ended first: the counting, cancelled, says what it saw last.
      return (await group.next() ?? nil) ?? -1
    }
  }
}
