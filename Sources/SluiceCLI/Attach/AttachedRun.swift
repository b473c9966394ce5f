import Foundation
import SluiceReporting
import SluiceShell
import SluiceAgentAccess

/// A conversation with a program's agent: connects (over TCP, after a handshake in which the
/// agent proves it holds the token first, and the token itself is never sent), and shows what
/// the agent sends, as JSON unchanged or rendered as the shell renders the same events; a
/// JUnit or GitHub report is written by the agent, beside the program's stores, and arrives
/// line by line (`report` events), to be written as it is.
struct AttachedRun {
  /// How to show the agent's events.
  let format: ScriptRunner.Format
  /// The file holding the token, for TCP.
  let tokenFile: String?
  /// Colours for text, or none.
  var style = TerminalStyle(usesColor: false)
  /// Where the lines the agent sends are shown.
  let output: (String, OutputChannel) -> Void

  /// Connects to `target`, resolving a process id through the runtime folder.
  func connect(to target: AttachTarget) throws(AttachError) -> AgentConnection {
    var target = target
    if case .process = target {
      // Every folder an agent may have had to use: the shared name, or the one for this user.
      target = try target.resolved(in: AgentDirectory.list(in: AgentFolder.existing()))
    }
    var handshake: ClientHandshake?
    if case .tcp = target {
      guard let tokenFile else { throw AttachError("TCP needs the agent's token: give --token-file FILE") }
      do { handshake = ClientHandshake(token: try AccessToken.read(from: tokenFile)) } catch {
        throw AttachError(error.message)
      }
    }
    let connection = try AgentConnection.connect(to: target)
    if let handshake, case .tcp(let host, let port) = target {
      try connection.send(handshake.firstLine)
      let answer = try connection.readHandshakeLine()
      let proof: String
      do { proof = try handshake.answer(to: answer) } catch { throw AttachError("\(host):\(port): \(error.message)") }
      try connection.send(proof)
    }
    return connection
  }

  /// Sends `lines` as a script runs them (the run stops at the first error, as `sluice run`
  /// does), then shows every event until the agent ends the run.
  ///
  /// - Returns: The run's status from its summary; an error when the agent closed the
  ///   connection before the summary.
  func runScript(_ lines: [String], on connection: AgentConnection) -> ScriptExitStatus {
    var reported = false
    let sender = Thread {
      for line in lines {
        guard (try? connection.send(line)) != nil else { break }
      }
      connection.finishSending()
    }
    sender.start()
    var status: ScriptExitStatus?
    connection.readLines { line in
      switch show(line)?.payload {
      case .report?: reported = true
      case .finished(let finished)?: status = ScriptExitStatus(rawValue: Int32(finished.status)) ?? .error
      default: break
      }
    }
    guard let status else {
      output("error: the program closed the connection before the script ended", .standardError)
      return .error
    }
    if format.isReportedByTheAgent, !reported {
      // An agent of a Sluice before reports: it ran the script and sent JSON events only.
      output("error: the program's Sluice agent sent no \(format.rawValue) report: it predates them", .standardError)
      return .error
    }
    return status
  }

  /// Shows one line the agent sent.
  ///
  /// - Returns: The event, when the line is one.
  @discardableResult
  func show(_ line: String) -> ProtocolEvent? {
    guard let event = try? JSONDecoder().decode(ProtocolEvent.self, from: Data(line.utf8)) else {
      output(format == .json ? line : "error: the program sent a line that is no event: \(line.prefix(200))",
        format == .json ? .standardOutput : .standardError)
      return nil
    }
    if format == .json {
      output(line, .standardOutput)
    } else if format.isReportedByTheAgent {
      switch event.payload {
      case .report(let report): output(report.line, report.stream)
      case .error(let error): output("error: \(error.message)", .standardError)
      default: break
      }
    } else {
      let channel: OutputChannel = if case .error = event.payload { .standardError } else { .standardOutput }
      for rendered in TextRenderer().typedLines(for: event) { output(style.paint(rendered), channel) }
    }
    return event
  }
}

extension ScriptRunner.Format {
  /// Whether the agent writes a run's report in this format (`report` events), rather than
  /// the client from the JSON events: JUnit and GitHub, whose reporters read the typed
  /// events only the program's side has.
  var isReportedByTheAgent: Bool { self == .junit || self == .github }
}
