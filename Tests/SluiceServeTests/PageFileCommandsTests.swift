import Foundation
import PageClient
import SluiceDebugger
import SluiceServe
import Testing

/// What a page may do (issue 52, finding 1): no command that reads or writes a file, nor a
/// breakpoint's command list that would run one at the shell later, unless the user allowed
/// it at the terminal (`ui --allow-files`, `sluice serve --allow-files`).
extension PageServerTests {
  /// A folder of its own for one test, removed after it.
  static func folder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sluice-page-files-" + UUID().uuidString)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  /// The message of the error event that answers request `id`, if one does.
  static func error(in events: [String]) throws -> String? {
    try LoopbackClient.objects(events).first { $0["event"] as? String == "error" }?["message"] as? String
  }

  @Test func aPageMayNotReadOrWriteFilesUnlessTheTerminalAllowedIt() async throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let written = folder.appendingPathComponent("written").path
    let script = folder.appendingPathComponent("script.sluice")
    try ".increment\n".write(to: script, atomically: true, encoding: .utf8)
    let server = try await start()
    defer { Task { await server.stop() } }
    let client = try await openPage(on: server)
    _ = try await offMainActor { try client.answer(to: 1, command: "break increment") }
    let commands = [
      "save \(written)", "save breakpoints \(written)", "export test \(written).swift", "export trace \(written).json",
      "load \(script.path)", "source \(script.path)",
      // A list the shell would run, with its own rights, when the breakpoint stops.
      "commands 1\nsave \(written)\nend", "  sav \(written)",
    ]
    var refusals: [String] = []
    for (offset, command) in commands.enumerated() {
      let events = try await offMainActor { try client.answer(to: offset + 2, command: command) }
      refusals.append(try Self.error(in: events) ?? "no error for `\(command)`")
    }
    for refusal in refusals {
      #expect(refusal.contains("ui --allow-files"), "\(refusal)")
    }
    #expect(refusals.first?.contains("`save`") == true, "\(refusals)")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(files == ["script.sluice"], "the page wrote \(files)")
    #expect(try #require(debugger.current).inspection.position == 0, "the page ran the script it sourced")
    let listed = try await offMainActor { try client.answer(to: 20, command: "info breakpoints") }
    #expect(!listed.contains { $0.contains(written) }, "the breakpoint got the page's `save`")
  }

  @Test func theTerminalMayAllowItsPagesFiles() async throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let written = folder.appendingPathComponent("allowed.session").path
    _ = try debugger.use("counter")
    let server = try await PageServer.start(debugger: debugger, allowsFiles: true)
    defer { Task { await server.stop() } }
    let client = try await openPage(on: server)
    let events = try await offMainActor { try client.answer(to: 1, command: "save \(written)") }
    #expect(try Self.error(in: events) == nil, "\(events)")
    #expect(FileManager.default.fileExists(atPath: written))
  }

  @Test func aPageCannotAllowItselfFiles() async throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let written = folder.appendingPathComponent("written").path
    let server = try await start()
    defer { Task { await server.stop() } }
    let client = try await openPage(on: server)
    let asked = try await offMainActor { try client.answer(to: 1, command: "ui --allow-files") }
    #expect(try Self.error(in: asked)?.contains("terminal") == true, "\(asked)")
    let saved = try await offMainActor { try client.answer(to: 2, command: "save \(written)") }
    #expect(try Self.error(in: saved)?.contains("ui --allow-files") == true, "\(saved)")
    #expect(!FileManager.default.fileExists(atPath: written))
  }
}
