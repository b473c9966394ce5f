import ExampleRegistry
import Foundation
import SluiceDebugger
import SluiceReporting
import SluiceShell
import Testing

@testable import SluiceCLI

#if canImport(Glibc)
  import Glibc
#endif

/// The shell attached to a running program: `sluice attach PID` on a terminal.
@MainActor
@Suite(.serialized) struct AttachedShellTests {
  /// What a shell wrote for scripted input, and the prompts it read lines with.
  struct Transcript {
    var lines: [String]
    var prompts: [String]
    var history: [String]
    var status: Int32
  }

  /// Runs the attached shell against `program`, as `sluice attach PID` does on a terminal,
  /// with the CLI's own connection, reading from what `makeReader` makes of its completion.
  private func attach<Reader: SluiceShell.LineReader>(
    to program: ExampleProgram, startup: [String] = [], reading makeReader: (any CompletionProvider) -> Reader
  ) async throws -> (transcript: Transcript, reader: Reader) {
    let connection = try AgentConnection.connect(to: .socket(program.socket))
    var made: Reader?
    let transcript = await Self.capture { output in
      let shell = AttachedShell(link: connection, output: output, style: TerminalStyle(usesColor: false))
      let reader = makeReader(shell.completion)
      made = reader
      let (lines, received) = AsyncStream.makeStream(of: String.self)
      Thread {
        connection.readLines { received.yield($0) }
        received.finish()
      }.start()
      return await shell.run(reading: reader, receiving: lines, startup: startup)
    }
    return (transcript, made!)
  }

  /// Runs the attached shell on `inputs` against `program`.
  private func attach(to program: ExampleProgram, _ inputs: [LineInput], startup: [String] = []) async throws
    -> Transcript
  {
    let (transcript, reader) = try await attach(to: program, startup: startup) { _ in ScriptedLineReader(inputs: inputs) }
    return Transcript(
      lines: transcript.lines, prompts: reader.prompts.map(\.plainText), history: reader.history, status: transcript.status)
  }

  /// The hosted shell on the same feature, for comparison.
  private func host(_ inputs: [LineInput]) async -> Transcript {
    let reader = ScriptedLineReader(inputs: inputs)
    let transcript = await Self.capture { output in
      let shell = Shell(
        interpreter: CommandInterpreter(debugger: Debugger(registry: exampleFeatures)), reader: reader, output: output,
        style: TerminalStyle(usesColor: false))
      return await shell.run()
    }
    return Transcript(
      lines: transcript.lines, prompts: reader.prompts.map(\.plainText), history: reader.history, status: transcript.status)
  }

  /// What `body` wrote to the output it is given, and the status it returned.
  private static func capture(_ body: (TerminalOutput) async -> Int32) async -> Transcript {
    let path = NSTemporaryDirectory() + "sluice-attached-shell-" + UUID().uuidString
    let file = open(path, O_RDWR | O_CREAT | O_TRUNC, 0o600)
    defer {
      close(file)
      unlink(path)
    }
    let status = await body(TerminalOutput(fileDescriptor: file))
    let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    return Transcript(lines: text.split(separator: "\n").map(String.init), prompts: [], history: [], status: status)
  }

  /// The lines after the greeting and `use`, which name the program or the features and the
  /// summary the feature was registered with, up to the hosted shell's warning about saving.
  private func answers(_ transcript: Transcript) -> [String] {
    Array(transcript.lines.drop { !$0.hasPrefix("using ") }.dropFirst().prefix { !$0.hasPrefix("not saved:") })
  }

  /// Issue 45: a second `sluice attach` on a terminal, refused because another debugger is
  /// attached, wrote the refusal where the shell's output goes. It goes to standard error,
  /// and the shell ends with a failure.
  @Test func aRefusedShellSaysWhyOnStandardErrorAndFails() async throws {
    let program = try ExampleProgram()
    let first = try InteractiveClient(["attach", "--json", "\(program.pid)"], program: program)
    defer { first.kill() }
    _ = try first.waitFor { $0.contains(#""event":"hello""#) }

    let connection = try AgentConnection.connect(to: .socket(program.socket))
    var status: Int32 = 0
    var errors: [String] = []
    let output = await Self.capture { output in
      errors = await Self.capture { errorOutput in
        let shell = AttachedShell(
          link: connection, output: output, errors: errorOutput, style: TerminalStyle(usesColor: false))
        let (lines, received) = AsyncStream.makeStream(of: String.self)
        Thread {
          connection.readLines { received.yield($0) }
          received.finish()
        }.start()
        status = await shell.run(reading: ScriptedLineReader(inputs: [.line("print count")]), receiving: lines)
        return status
      }.lines
      return status
    }
    #expect(status != 0)
    #expect(errors.contains { $0.contains("another debugger is attached") }, "\(errors)")
    #expect(!output.lines.contains { $0.contains("another debugger is attached") }, "\(output.lines)")
  }

  @Test func aCommandsOutputIsTheSameAttachedAsHosted() async throws {
    let program = try ExampleProgram()
    let script = [
      "use counter", ".increment", ".increment", "print count", "break decrement", ".decrement", "print count",
      "continue", "print count", "info breakpoints", "log", "prnt count", "jump 1", "print count", "jump 3",
    ].map { LineInput.line($0) }
    let attached = try await attach(to: program, script)
    let hosted = await host(script)
    #expect(attached.status == 0)
    #expect(!answers(hosted).isEmpty)
    #expect(answers(attached) == answers(hosted))
    #expect(attached.history == hosted.history)
  }

  @Test func thePromptFollowsTheProgramsStore() async throws {
    let program = try ExampleProgram()
    let attached = try await attach(
      to: program,
      [.line("break increment"), .line(".increment"), .line("continue"), .line("jump 0"), .line("jump 1")],
      startup: ["use counter"])
    #expect(attached.prompts == [
      "(sluice@sluice-attach-example counter) ",
      "(sluice@sluice-attach-example counter) ",
      "(sluice@sluice-attach-example counter ⏸) ",
      "(sluice@sluice-attach-example counter) ",
      "(sluice@sluice-attach-example counter @0/1) ",
      "(sluice@sluice-attach-example counter) ",
    ])
  }

  @Test func controlCOnAnEmptyLinePausesTheProgramsRunningStore() async throws {
    let program = try ExampleProgram()
    // The ping-pong loop keeps the program's store running until it is stopped.
    let attached = try await attach(
      to: program, [.line(".ping"), .interrupted(discarded: ""), .line("info jobs")], startup: ["use pingpong"])
    #expect(attached.prompts.count == 4)
    #expect(attached.prompts.dropFirst().first == "(sluice@sluice-attach-example pingpong ▶) ")
    // The pause went before `info jobs`, so the prompt after it shows the store paused.
    #expect(attached.prompts.last == "(sluice@sluice-attach-example pingpong ⏸) ")
    #expect(attached.lines.contains("⏸ paused"))
  }

  /// `source` reads the file where the shell runs, not where the program does.
  @Test func sourceSendsALocalScriptLineByLineAndStopsAtItsFirstError() async throws {
    let program = try ExampleProgram()
    let folder = try ScriptFolder()
    let script = folder.url.appendingPathComponent("local.sluice").path
    try "use counter\n.increment\n# a comment\nprint count\nprnt count\nprint count\n".write(
      toFile: script, atomically: true, encoding: .utf8)
    let attached = try await attach(to: program, [.line("source \(script)"), .line(".increment"), .line("print count")])
    let lines = answers(attached)
    #expect(lines.first == "> .increment")
    #expect(lines.filter { $0.hasPrefix(">") } == ["> .increment", "> print count", "> prnt count"])
    #expect(lines.contains { $0.hasPrefix("error: unknown command 'prnt'") })
    #expect(lines.contains("\(script):5: the script stopped here"))
    // The script's last line never ran; the shell went on.
    #expect(lines.filter { $0.hasPrefix("count = ") } == ["count = 1", "count = 2"])
  }

  @Test func tabCompletesTheProgramsOwnCasesAndPaths() async throws {
    let program = try ExampleProgram()
    let (_, reader) = try await attach(to: program, startup: ["use checkout"]) { completion in
      CompletingReader(completion: completion, asking: ["use che", ".add", "print ite", "break pay"])
    }
    let answers = reader.answers
    #expect(answers.count == 4)
    #expect(answers.first?.candidates.map(\.text) == ["checkout"])
    #expect(answers.dropFirst().first?.candidates.map(\.text) == [".addItem("])
    #expect(answers.dropFirst(2).first?.candidates.map(\.text) == ["items"])
    #expect(answers.last?.candidates.map(\.text).sorted() == ["paymentFailed", "paymentSucceeded"])
  }

  @Test func theProgramGoingAwayEndsTheShellWithAMessage() async throws {
    let program = try ExampleProgram()
    let (transcript, _) = try await attach(to: program) { _ in ProgramStoppingReader(program: program) }
    #expect(transcript.status == 1)
    #expect(transcript.lines.last == "the program closed the connection")
  }
}

/// Presses Tab after each text, then ends input; keeps what the shell's completion answered.
@MainActor
private final class CompletingReader: SluiceShell.LineReader {
  private let completion: any CompletionProvider
  private var texts: [String]
  private(set) var answers: [Completions] = []

  init(completion: any CompletionProvider, asking texts: [String]) {
    self.completion = completion
    self.texts = texts
  }

  func readLine(prompt: Prompt) async -> LineInput {
    guard !texts.isEmpty else { return .endOfInput }
    answers.append(await completion.completions(forTextBeforeCursor: texts.removeFirst()))
    return .interrupted(discarded: "x")
  }
}

/// Kills the program while the shell waits for a line, and waits for the shell to end the read.
private final class ProgramStoppingReader: SluiceShell.LineReader {
  private let pid: Int32
  private let ended = AsyncStream.makeStream(of: Void.self)

  init(program: ExampleProgram) {
    pid = program.pid
  }

  func readLine(prompt: Prompt) async -> LineInput {
    kill(pid, SIGKILL)
    for await _ in ended.stream { break }
    return .endOfInput
  }

  func requestEnd() {
    ended.continuation.yield()
  }
}
