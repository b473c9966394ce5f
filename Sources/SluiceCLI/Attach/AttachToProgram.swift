import ArgumentParser
import Foundation
import SluiceDebugger
import SluiceReporting
import SluiceShell
import SluiceAgentAccess

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `sluice attach`: lists the programs of this user that run a Sluice agent, or attaches to
/// one and debugs its stores with the shell's commands.
struct AttachToProgram: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "attach",
    abstract: "List running programs with a Sluice agent, or attach to one.",
    discussion: """
      Without a target, lists the programs of this user whose agent is listening (process id, \
      program, stores, socket), from the agent's runtime folder ($XDG_RUNTIME_DIR/sluice, else \
      $TMPDIR/sluice, else /tmp/sluice; or sluice-UID beside it when another user took that \
      name); listings of processes that are gone are removed. With a target, opens \
      the shell on the program: every command runs on its store, with the shell's line \
      editing, history, colours and prompt, and Tab completes the program's own actions and \
      state paths; `ui` serves the store's timeline page on 127.0.0.1 behind a token, \
      answered by the program. Ctrl-C pauses the store in use; `quit` or Ctrl-D detaches. With input or \
      output not a terminal (or --json), each line read is sent as a command and what the \
      store does is written as it comes. The program's stores are given back running, also \
      when this command is killed, unless --keep-paused.
      """)

  @Argument(help: ArgumentHelp("A process id, a socket path, or host:port.", valueName: "target"))
  var target: String?

  @Option(help: "The store to debug first (default: the first the program attached).")
  var store: String?

  @Option(
    help: ArgumentHelp(
      "The file holding the agent's token, for host:port: the agent proves it holds it first, and it is never sent.",
      valueName: "file"))
  var tokenFile: String?

  @Flag(help: "Write the protocol's JSON events as they come, one per line.")
  var json = false

  @Flag(help: "Leave a store this session paused paused when it ends (by default it resumes).")
  var keepPaused = false

  @Flag(help: "Never colour the output (also when NO_COLOR is set, or the output is not a terminal).")
  var noColor = false

  /// Lists, or attaches; returns the exit status.
  @MainActor
  func execute(output: any ScriptOutput, page: PageSupport?) async -> ScriptExitStatus {
    guard let target else { return list(output: output) }
    let environment = ProcessInfo.processInfo.environment
    let style = TerminalStyle(isTerminal: isatty(STDOUT_FILENO) == 1, environment: environment, noColorFlag: noColor)
    let run = AttachedRun(format: json ? .json : .text, tokenFile: tokenFile, style: style) { line, channel in
      output.write(line, to: channel)
    }
    let connection: AgentConnection
    do {
      connection = try run.connect(to: AttachTarget(parsing: target))
    } catch {
      output.write("error: \(error)", to: .standardError)
      return .error
    }
    guard json || isatty(STDIN_FILENO) == 0 || isatty(STDOUT_FILENO) == 0 else {
      return await openShell(on: connection, page: page, style: style, environment: environment)
    }
    return sendLines(to: connection, run: run, output: output)
  }

  /// The shell on the program, on this terminal.
  @MainActor
  private func openShell(
    on connection: AgentConnection, page support: PageSupport?, style: TerminalStyle, environment: [String: String]
  ) async -> ScriptExitStatus {
    let terminal = TerminalOutput()
    let shell = AttachedShell(link: connection, output: terminal, style: style, keepsPaused: keepPaused)
    let editor = LibEditLineReader(
      output: terminal,
      history: HistoryOptions(environment: environment),
      completion: shell.completion, followsWindowSize: true)
    // `ui`: the page's requests travel to the agent over this connection.
    let pages = support?.relaying { [connection] in connection.sendLine($0) }
    shell.host.pageOpener = pages?.host.opener ?? PageOpener { _ in .failure(DebugError(PageSupport.notLinked)) }
    let lines = connection.receiveLines(divertingPagesTo: pages)
    let signals = ShellSignals(
      interrupt: { [weak shell] in shell?.interruptReceived() },
      terminate: { _ in editor?.requestEnd() })
    let status = await shell.run(
      reading: editor ?? PlainLineReader(), receiving: lines, startup: store.map { ["use \($0)"] } ?? [])
    withExtendedLifetime(signals) {}
    await pages?.host.stop()
    return status == 0 ? .success : .error
  }

  /// Sends each line read from standard input as a command, and writes what the program
  /// sends: for pipes, files and `--json`.
  @MainActor
  private func sendLines(to connection: AgentConnection, run: AttachedRun, output: any ScriptOutput) -> ScriptExitStatus {
    do {
      if keepPaused { try connection.send(#"{"attach":{"keepPaused":true}}"#) }
      let interrupts = pausing(on: connection)
      defer { interrupts.cancel() }
      let first = store.map { "use \($0)" }
      let sender = Thread {
        var id = 0
        // Each line as it is typed, not once input ends: the program answers as you go.
        var next = first ?? readLine(strippingNewline: true)
        while let line = next {
          id += 1
          // Ctrl-C's requests count down from -1, so ids never meet.
          guard connection.sendLine(RequestLine.command(line, id: .integer(id))) else { break }
          next = readLine(strippingNewline: true)
        }
        connection.finishSending()
      }
      sender.start()
      var greeted = false
      connection.readLines { line in
        greeted = greeted || line.hasPrefix(#"{"event":"hello""#)
        run.show(line)
      }
      // Refused (another debugger is attached) or cut off before the program said hello.
      return greeted ? .success : .error
    } catch {
      output.write("error: \(error)", to: .standardError)
      return .error
    }
  }

  /// Ctrl-C pauses the store in use, as in the shell, instead of ending `sluice`.
  private func pausing(on connection: AgentConnection) -> any DispatchSourceSignal {
    signal(SIGINT, SIG_IGN)
    let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: DispatchQueue(label: "sluice.attach.interrupt"))
    let counter = InterruptCounter()
    source.setEventHandler {
      let id = counter.next()
      _ = connection.sendLine(RequestLine.command("pause", id: .integer(id)))
    }
    source.resume()
    return source
  }

  /// Writes the attachable programs, one per line under a heading.
  @MainActor
  private func list(output: any ScriptOutput) -> ScriptExitStatus {
    // Every folder an agent may have had to use: the shared name, or the one for this user.
    let folders = AgentFolder.existing()
    let scan = AgentDirectory.list(in: folders)
    for skipped in scan.skipped { output.write("warning: skipped \(skipped.file): \(skipped.reason)", to: .standardError) }
    guard !scan.live.isEmpty else {
      let looked = AgentFolder.candidates(in: AgentFolder.processEnvironment()).joined(separator: " and ")
      output.write("no running program has a Sluice agent (looked in \(looked))", to: .standardOutput)
      return .success
    }
    let rows = scan.live.sorted { $0.pid < $1.pid }.map { listing in
      [
        "\(listing.pid)", listing.program, listing.stores.isEmpty ? "-" : listing.stores.joined(separator: ","),
        listing.socket + (listing.tcp.map { " tcp \($0)" } ?? ""),
      ]
    }
    let table = [["PID", "PROGRAM", "STORES", "ENDPOINT"]] + rows
    let widths = (0..<3).map { column in table.map { $0[column].count }.max() ?? 0 }
    for row in table {
      let padded = (0..<3).map { row[$0].padding(toLength: widths[$0], withPad: " ", startingAt: 0) }
      output.write((padded + [row[3]]).joined(separator: "  "), to: .standardOutput)
    }
    return .success
  }
}

/// The ids of the `pause` requests Ctrl-C sends: -1, -2, …, apart from the typed lines' ids.
private final class InterruptCounter: Sendable {
  private let last = Locked(0)

  func next() -> Int {
    last.withLock {
      $0 -= 1
      return $0
    }
  }
}
