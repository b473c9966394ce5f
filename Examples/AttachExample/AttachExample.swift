import ExampleFeatures
import Foundation
import Sluice
import SluiceAgent

/// A long-running program with its stores attachable: `sluice attach` lists it, and
/// `sluice attach PID` debugs its stores while it runs.
///
/// With `SLUICE_AGENT_TOKEN_FILE` set, the agent also listens on TCP on loopback for clients
/// that send that file's token.
///
/// Its own work comes as lines on standard input, each answered with one line on standard
/// output: `increment` and `decrement` move the counter, `ping` starts the ping-pong loop (a
/// deliberate cycle, which the store's cycle detector warns of), `stop` ends it, `count` and
/// `pings` print the state, `dump` writes the flight recordings (so do a cycle warning and
/// `SIGUSR1`), `recordings` lists those written, `quit` (or the end of input) stops the program.
@main
struct AttachExample {
  @MainActor
  static func main() async {
    do {
      try await run()
    } catch {
      FileHandle.standardError.write(Data("error: \(error)\n".utf8))
      exit(2)
    }
  }

  @MainActor
  static func run() async throws {
    let counter = Store(initialState: Counter.State(), reducer: Counter())
    let pingPong = Store(
      initialState: PingPong.State(), reducer: PingPong(interval: .milliseconds(20)), cycleDetection: .default)

    let recordings = FileManager.default.temporaryDirectory.path
    var configuration = AgentConfiguration()
    // TCP too, on loopback, when given a token file: for a debugger in a container.
    if let tokenFile = ProcessInfo.processInfo.environment["SLUICE_AGENT_TOKEN_FILE"] {
      configuration.tcp = AgentConfiguration.TCP(tokenFile: tokenFile)
    }
    let agent = try await SluiceAgent.start(
      configuration, flightRecorder: FlightRecorder(keepingLast: 200, in: recordings, signal: SIGUSR1))
    try agent.attach(counter, as: "counter", summary: "the program's counter")
    try agent.attach(pingPong, as: "pingpong", summary: "a loop the program starts with `ping`")

    answer("ready pid \(getpid()) socket \(agent.socketPath)" + (agent.tcpPort.map { " tcp \($0)" } ?? ""))
    for await line in standardInputLines() {
      switch line {
      case "increment": counter.send(.increment)
      case "decrement": counter.send(.decrement)
      case "ping": pingPong.send(.ping)
      case "stop": pingPong.send(.stop)
      case "count", "pings": break
      case "dump":
        try agent.writeFlightRecordings()
      case "recordings":
        answer("recordings " + agent.flightRecordings.joined(separator: " "))
        continue
      case "quit": break
      default:
        answer("unknown request \(line)")
        continue
      }
      if line == "quit" { break }
      answer(line == "pings" || line == "ping" || line == "stop"
        ? "pings \(pingPong.state.pings)" : "count \(counter.state.count)")
    }
    await agent.stop()
  }

  /// Writes one line at once, for whoever drives the program through a pipe.
  static func answer(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
  }

  /// Standard input's lines, read on a thread of their own so the main actor (where the
  /// stores live) keeps running.
  static func standardInputLines() -> AsyncStream<String> {
    AsyncStream { continuation in
      let reader = Thread {
        while let line = readLine(strippingNewline: true) { continuation.yield(line) }
        continuation.finish()
      }
      reader.start()
    }
  }
}
