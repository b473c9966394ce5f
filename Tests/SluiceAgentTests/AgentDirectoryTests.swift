import Foundation
import Testing
import SluiceAgentAccess

@testable import SluiceAgent
@testable import SluiceAgentTransport

@Suite struct AgentDirectoryTests {
  @Test func listingKeepsLiveProgramsRemovesDeadOnesAndSkipsTheRest() async throws {
    let temporary = try TemporaryFolder()
    let server = try await startServer(in: temporary, handler: RecordingHandler())
    let folder = server.folder

    // A process that has ended: its pid names no one now.
    let deadPID = try endedProcessID()
    let dead = AgentListing(
      pid: deadPID, program: "Gone", stores: [], socket: folder.file("dead.sock"), tcp: nil, protocolVersion: 1,
      started: Date()
    )
    try makeSocketFile(folder.file("dead.sock"))
    try DiscoveryFile(path: folder.file("dead.json")).write(dead)
    try temporary.write("{not json", to: "sluice/corrupt.json")
    mkfifo(folder.file("fifo.json"), 0o600)
    try temporary.write(String(repeating: " ", count: 100_000), to: "sluice/huge.json")

    let scan = AgentDirectory.list(in: folder)
    #expect(scan.live == [server.listing])
    #expect(scan.removed == [folder.file("dead.json")])
    #expect(!fileExists(folder.file("dead.json")))
    #expect(!fileExists(folder.file("dead.sock")))
    let skipped = ["corrupt.json", "fifo.json", "huge.json"].map(folder.file)
    #expect(scan.skipped.map(\.file) == skipped)
    #expect(scan.skipped[1].reason.contains("is a FIFO"))
    #expect(scan.skipped[2].reason.contains("larger than"))
    #expect(fileExists(folder.file("corrupt.json")))
    await server.stop()
  }

  /// The pid of a `/bin/true` that has run and been waited for.
  private func endedProcessID() throws -> Int32 {
    var pid: pid_t = 0
    let arguments: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/true"), nil]
    defer { free(arguments[0]) }
    guard posix_spawn(&pid, "/bin/true", nil, nil, arguments, nil) == 0 else {
      throw TestClientError(description: "cannot run /bin/true")
    }
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    return pid
  }
}
