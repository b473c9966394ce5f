import Foundation
import Testing
import SluiceAgentAccess

@testable import SluiceAgent
@testable import SluiceAgentTransport

@Suite struct AgentFolderTests {
  @Test func theFolderIsSluiceInTheFirstOfXDGRuntimeDirTmpdirAndTmp() {
    #expect(AgentFolder.path(in: ["XDG_RUNTIME_DIR": "/run/user/7", "TMPDIR": "/var/t"]) == "/run/user/7/sluice")
    #expect(AgentFolder.path(in: ["XDG_RUNTIME_DIR": "", "TMPDIR": "/var/t/"]) == "/var/t/sluice")
    #expect(AgentFolder.path(in: [:]) == "/tmp/sluice")
  }

  @Test func aMissingFolderIsCreatedWithMode0700() throws {
    let temporary = try TemporaryFolder()
    let folder = try AgentFolder.prepare(environment: temporary.environment)
    #expect(folder.path == temporary.runtimeFolder)
    #expect(permissions(of: folder.path) == 0o700)
    // Preparing it again accepts what is there.
    #expect(try AgentFolder.prepare(environment: temporary.environment) == folder)
  }

  @Test(arguments: [
    (0o777 as mode_t, "writable by its group (mode 0777)"), (0o770, "writable by its group (mode 0770)"),
    (0o703, "writable by everyone (mode 0703)"),
  ])
  func aFolderOthersCanWriteIsRefused(mode: mode_t, complaint: String) throws {
    let temporary = try TemporaryFolder()
    let path = temporary.runtimeFolder
    mkdir(path, 0o700)
    chmod(path, mode)
    let error = #expect(throws: AgentError.self) { try AgentFolder.prepare(at: path) }
    #expect(error?.message.contains(path) == true)
    #expect(error?.message.contains(complaint) == true)
    #expect(error?.message.contains("chmod 700 \(path)") == true)
  }

  @Test func aSymbolicLinkInPlaceOfTheFolderIsRefused() throws {
    let temporary = try TemporaryFolder()
    let target = temporary.path + "/elsewhere"
    mkdir(target, 0o700)
    symlink(target, temporary.runtimeFolder)
    let error = #expect(throws: AgentError.self) { try AgentFolder.prepare(at: temporary.runtimeFolder) }
    #expect(error?.message.contains("\(temporary.runtimeFolder) is a symbolic link, not a directory") == true)
  }

  @Test func aFileInPlaceOfTheFolderIsRefused() throws {
    let temporary = try TemporaryFolder()
    try temporary.write("", to: "sluice")
    let error = #expect(throws: AgentError.self) { try AgentFolder.prepare(at: temporary.runtimeFolder) }
    #expect(error?.message.contains("is a regular file, not a directory") == true)
  }

  @Test func aFolderOwnedBySomeoneElseIsRefused() throws {
    let temporary = try TemporaryFolder()
    let error = #expect(throws: AgentError.self) {
      try AgentFolder.prepare(environment: temporary.environment, owner: getuid() + 1)
    }
    #expect(error?.message.contains("\(temporary.runtimeFolder) is owned by someone else") == true)
  }

  /// Makes `path` a folder another user has taken: theirs when the tests run as root, else
  /// one anyone can write to, which is refused the same way.
  private func takeAsAnotherUser(_ path: String) {
    mkdir(path, 0o700)
    if getuid() == 0 { chown(path, 4242, 4242) } else { chmod(path, 0o777) }
  }

  /// Another user created `sluice` in the shared temporary folder: the agent uses
  /// `sluice-UID` beside it, and `sluice attach` looks there too.
  @Test func aSharedFolderSomeoneElseTookGivesWayToOneNamedForTheUser() async throws {
    let temporary = try TemporaryFolder()
    let environment = ["TMPDIR": temporary.path]
    takeAsAnotherUser(temporary.path + "/sluice")
    let folder = try AgentFolder.prepare(environment: environment)
    #expect(folder.path == temporary.path + "/sluice-\(getuid())")
    #expect(permissions(of: folder.path) == 0o700)

    var configuration = AgentConfiguration()
    configuration.environment = environment
    let server = try await AgentServer.start(configuration: configuration, handler: RecordingHandler())
    #expect(server.socketPath.hasPrefix(folder.path + "/"))
    #expect(AgentFolder.existing(environment: environment) == [folder])
    let scan = AgentDirectory.list(in: AgentFolder.existing(environment: environment))
    #expect(scan.live.map(\.pid) == [getpid()])
    await server.stop()
  }

  @Test func whenBothFoldersAreTakenTheErrorNamesBoth() throws {
    let temporary = try TemporaryFolder()
    takeAsAnotherUser(temporary.path + "/sluice")
    takeAsAnotherUser(temporary.path + "/sluice-\(getuid())")
    let error = #expect(throws: AgentError.self) { try AgentFolder.prepare(environment: ["TMPDIR": temporary.path]) }
    #expect(error?.message.contains("\(temporary.path)/sluice ") == true)
    #expect(error?.message.contains("\(temporary.path)/sluice-\(getuid()) ") == true)
  }
}
