import Foundation
import JSONCheck
import PageClient
import SluiceAgentAccess
import SluiceDAP
import Testing

/// `sluice dap --listen PATH`: one editor on a Unix socket made 0600, in a directory no one
/// else can write; removed once the editor connected.
@Suite struct DebugAdapterSocketTests {
  /// A fresh directory of this user's, mode 0700.
  private func privateDirectory() throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("sluice-dap-\(UUID().uuidString.prefix(8))").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
    return path
  }

  /// `sluice dap ARGUMENTS`, and its standard error's lines.
  private func startAdapter(_ arguments: [String]) throws -> (Process, ProcessLines) {
    guard let executable = SluiceProcess.executable else { throw DAPTranscriptFailure("the sluice binary was not built") }
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    let errors = Pipe()
    process.standardOutput = FileHandle.nullDevice
    process.standardError = errors
    let lines = ProcessLines(errors.fileHandleForReading)
    try process.run()
    return (process, lines)
  }

  /// Sends one request on `socket` and reads messages until its response.
  private func exchange(_ socket: AgentSocket, seq: Int, _ command: String) throws -> JSONTree {
    let body = Array(#"{"seq":\#(seq),"type":"request","command":"\#(command)","arguments":{"adapterID":"sluice"}}"#.utf8)
    try socket.send(framed(body))
    var reader = FrameReader()
    while let bytes = try socket.receive() {
      for case .body(let message) in reader.take(bytes) {
        let tree = try JSONTree(parsing: String(decoding: message, as: UTF8.self))
        if tree["type"]?.text == "response" { return tree }
      }
    }
    throw DAPTranscriptFailure("the adapter closed the socket")
  }

  @Test func oneEditorIsServedOnAPrivateSocketThenItIsRemoved() async throws {
    let directory = try privateDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = directory + "/dap.sock"
    let (process, errors) = try startAdapter(["dap", "--listen", path])
    let (mode, initialized, disconnected, left) = try await offMainActor { () throws -> (UInt16, JSONTree, JSONTree, Bool) in
      let said = errors.waitForLine(hangGuard: 120) { $0.contains("listening on") }
      #expect(said?.1 == "sluice dap: listening on \(path)")
      let mode = (try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.uint16Value ?? 0
      let socket = try AgentSocket.connect(toSocket: path)
      let initialized = try exchange(socket, seq: 1, "initialize")
      let disconnected = try exchange(socket, seq: 2, "disconnect")
      process.waitUntilExit()
      return (mode, initialized, disconnected, FileManager.default.fileExists(atPath: path))
    }
    #expect(mode == 0o600, "mode \(String(mode, radix: 8))")
    #expect(initialized["body"]?["supportsStepBack"] == .boolean(true))
    #expect(disconnected["success"] == .boolean(true))
    #expect(process.terminationStatus == 0)
    #expect(!left, "the socket is removed once an editor connected")
  }

  @Test func aDirectoryOthersCanWriteIsRefused() async throws {
    let directory = try privateDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    chmod(directory, 0o777)
    let result = try await SluiceProcess.run(["dap", "--listen", directory + "/dap.sock"])
    #expect(result.status == 2)
    #expect(result.standardError.contains("can be written by others"), "\(result.standardError)")
    #expect(!FileManager.default.fileExists(atPath: directory + "/dap.sock"))
  }
}
