import Foundation
import PageClient
import SluiceDebugger
import SluiceReporting
import SluiceServe
import SluiceShell
import Testing

@testable import SluiceCLI

#if canImport(Glibc)
  import Glibc
#endif

/// `ui` in `sluice attach`: the page is served on this side, and its requests travel to the
/// program's agent over the attached shell's one connection; the program answers them.
@MainActor
@Suite(.serialized) struct AttachedPageTests {
  /// An attached shell on `program`, wired as `sluice attach PID` wires it on a terminal,
  /// writing to a file, reading what the test types.
  @MainActor
  struct AttachedSession {
    let shell: AttachedShell
    let reader = TypedLineReader()
    let host: any PageHosting
    let transcript: String
    let file: Int32

    init(program: ExampleProgram) throws {
      let connection = try AgentConnection.connect(to: .socket(program.socket))
      transcript = NSTemporaryDirectory() + "sluice-attached-page-" + UUID().uuidString
      file = open(transcript, O_RDWR | O_CREAT | O_TRUNC, 0o600)
      shell = AttachedShell(
        link: connection, output: TerminalOutput(fileDescriptor: file), style: TerminalStyle(usesColor: false))
      let pages = PageSupport.timeline.relaying { [connection] in connection.sendLine($0) }
      host = pages.host
      shell.host.pageOpener = host.opener
      let lines = connection.receiveLines(divertingPagesTo: pages)
      let (shell, reader) = (shell, reader)
      running = Task { await shell.run(reading: reader, receiving: lines, startup: ["use counter"]) }
    }

    let running: Task<Int32, Never>

    /// What the shell wrote so far.
    var lines: [String] {
      ((try? String(contentsOfFile: transcript, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    /// Types `text` once the shell asks for a line (the first read, or the one after the
    /// command typed last).
    func type(_ text: String) async {
      await reader.nextRead()
      reader.type(.line(text))
    }

    /// Detaches at the read the test last waited for, and gives the shell's exit status.
    func detach() async -> Int32 {
      reader.type(.endOfInput)
      let status = await running.value
      await host.stop()
      close(file)
      unlink(transcript)
      return status
    }
  }

  /// Opens the page's socket with the token in `address`, as the page's script does.
  private func openPage(_ address: String) async throws -> LoopbackClient {
    let port = try #require(Int(address.split(separator: ":").last?.split(separator: "/").first ?? ""))
    let token = try #require(address.split(separator: "token=").last.map(String.init))
    return try await offMainActor {
      let client = try LoopbackClient(port: port)
      let upgrade = try client.upgrade("/ws?token=" + token)
      guard upgrade.status == 101 else { throw LoopbackClient.Failure(description: "upgrade answered \(upgrade.status)") }
      return client
    }
  }

  @Test func thePageOnAnAttachedProgramIsAnsweredByTheProgramAndItsJumpIsTheShells() async throws {
    let program = try ExampleProgram()
    let session = try AttachedSession(program: program)
    for _ in 0..<3 { await session.type(".increment") }
    await session.type("ui")
    await session.reader.nextRead()
    let announced = try #require(session.lines.first { $0.hasPrefix("the session's timeline: ") })
    let address = String(announced.dropFirst("the session's timeline: ".count))
    #expect(address.hasPrefix("http://127.0.0.1:"))
    // `ui` again gives the same page.
    #expect(try await session.host.open(allowingFiles: false).get() == address)

    let page = try await openPage(address)
    // The prompt the shell read `ui` with already; the next one comes after the page's jump.
    let log = try LoopbackClient.objects(try await offMainActor { try page.answer(to: 1, command: "log from 0 5") })
    let entries = try #require(log.first { $0["event"] as? String == "logEntries" }?["entries"] as? [[String: Any]])
    #expect(entries.map { $0["index"] as? Int } == [1, 2, 3])
    #expect(entries.map { $0["action"] as? String } == [".increment", ".increment", ".increment"])

    // The page's jump is the program's session's: the shell shows it and its prompt follows.
    let jump = try LoopbackClient.objects(try await offMainActor { try page.answer(to: 2, command: "jump 1") })
    #expect(jump.last?["event"] as? String == "completed")
    #expect(jump.last?["failed"] as? Bool == false)
    await session.reader.promptShown("(sluice@sluice-attach-example counter @1/3) ")
    session.reader.type(.line("print count"))
    await session.reader.nextRead()
    #expect(session.lines.contains("count = 1"))
    // No line of the page's reached the shell.
    #expect(!session.lines.contains { $0.contains(#"{"page""#) || $0.contains("no event") })
    #expect(await session.detach() == 0)
  }

  /// Issue 52, finding 1: the page on an attached program writes no file of the program's
  /// user until `ui --allow-files` is typed at the attached shell; pages opened after it may.
  @Test func thePageOnAnAttachedProgramTouchesFilesOnlyAfterUiAllowFiles() async throws {
    let program = try ExampleProgram()
    let session = try AttachedSession(program: program)
    let folder = try ScriptFolder()
    let (refused, allowed) = (folder.url.appendingPathComponent("refused").path, folder.url.appendingPathComponent("allowed").path)
    await session.type("ui")
    await session.reader.nextRead()
    let announced = try #require(session.lines.first { $0.hasPrefix("the session's timeline: ") })
    let address = String(announced.dropFirst("the session's timeline: ".count))
    let page = try await openPage(address)
    let refusal = try await offMainActor { try page.answer(to: 1, command: "save \(refused)") }
    #expect(refusal.contains { $0.contains(#""event":"error""#) && $0.contains("ui --allow-files") }, "\(refusal)")
    #expect(!FileManager.default.fileExists(atPath: refused))

    session.reader.type(.line("ui --allow-files"))
    await session.reader.nextRead()
    let allowing = try await openPage(address)
    let saved = try await offMainActor { try allowing.answer(to: 1, command: "save \(allowed)") }
    #expect(!saved.contains { $0.contains(#""event":"error""#) }, "\(saved)")
    #expect(FileManager.default.fileExists(atPath: allowed))
    #expect(await session.detach() == 0)
  }
}

/// `ui` on a program whose agent predates pages: its hello has no `pages`.
@MainActor
@Suite struct OlderAgentPageTests {
  @Test func uiSaysTheProgramsAgentAnswersNoPage() async throws {
    let agent = AgentBeforePages()
    let path = NSTemporaryDirectory() + "sluice-older-agent-" + UUID().uuidString
    let file = open(path, O_RDWR | O_CREAT | O_TRUNC, 0o600)
    defer {
      close(file)
      unlink(path)
    }
    let shell = AttachedShell(link: agent, output: TerminalOutput(fileDescriptor: file), style: TerminalStyle(usesColor: false))
    shell.host.pageOpener = PageOpener { _ in
      Issue.record("no page may be served for an agent that answers none")
      return .failure(DebugError("served"))
    }
    let status = await shell.run(reading: ScriptedLineReader(lines: ["ui"]), receiving: agent.lines.stream)
    #expect(status == 0)
    let lines = ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n")
    #expect(lines.contains { $0.hasPrefix("error: the program's agent is older than this `sluice` and answers no page") })
  }
}

/// An agent as it was before pages: a hello without `pages`, a status when asked, and the
/// end of the connection when the shell detaches.
private final class AgentBeforePages: AgentLink {
  let lines = AsyncStream.makeStream(of: String.self)

  init() {
    lines.continuation.yield(
      #"{"event":"hello","version":1,"program":"old","pid":1,"stores":["counter"],"message":"attached to old (pid 1)"}"#)
  }

  func sendLine(_ line: String) -> Bool {
    if line.hasPrefix(#"{"attach""#) {
      lines.continuation.yield(#"{"event":"status","version":1,"feature":"counter","status":"idle"}"#)
    }
    return true
  }

  func finishSending() {
    lines.continuation.finish()
  }
}
