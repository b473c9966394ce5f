import Foundation
import Sluice
import SluiceDAP
import SluiceDebugger
import SluiceReporting

/// Benchmark 15's two halves, on counter sessions of 10,000 entries at their latest entry:
/// the view an editor asks for when a store stops (`stackTrace`, `scopes`, the state's
/// `variables`) through `sluice dap`'s adapter, and the same answers asked of the JSON
/// protocol (`log 1` for the position, `bt`, `show N`, `state at N`, `state at N-1`), written
/// as its events to output nobody reads.
@MainActor
public enum EditorRound {
  /// How many entries the sessions hold.
  public static let entryCount = 10_000

  /// The lines that make a session: the cycle detector off (ten thousand sends in no time
  /// are what it warns of), then the actions.
  static var setupLines: [String] {
    ["set cycle limit off"] + (0..<entryCount).map { $0 % 2 == 0 ? ".increment" : ".add(\($0 % 7))" }
  }

  static var feature: Feature {
    Feature("counter", summary: "The benchmarks' counter", initialState: Counter.State()) { _ in Counter() }
  }

  // MARK: - Through the Debug Adapter Protocol

  /// An adapter launched on the counter, its script sending the entries, configured and
  /// stopped at the latest entry.
  public static func launchedAdapter() async -> DebugAdapter {
    let adapter = DebugAdapter(registry: FeatureRegistry([feature]))
    let script = FileManager.default.temporaryDirectory.appendingPathComponent("sluice-editor-round-\(getpid()).sluice")
    try! setupLines.joined(separator: "\n").write(to: script, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: script) }
    let requests = [
      ("initialize", #"{"adapterID":"bench","supportsVariableType":true}"#),
      ("launch", #"{"feature":"counter","virtualClock":true,"script":"\#(script.path)"}"#),
      ("configurationDone", "{}"),
    ]
    for (offset, (command, arguments)) in requests.enumerated() {
      let answer = await adapter.messages(answering: request(offset + 1, command, arguments))
      precondition(answer.first.map { text($0).contains(#""success":true"#) } == true, "\(command) failed")
    }
    return adapter
  }

  /// One round of the three requests, each after the answer it needs, numbered from `seq`;
  /// the bytes answered (for the caller to keep).
  public static func adapterRound(_ adapter: DebugAdapter, seq: Int) async -> Int {
    let trace = await adapter.messages(answering: request(seq, "stackTrace", #"{"threadId":1,"startFrame":0,"levels":20}"#))
    let frame = number(after: #""stackFrames":[{"id":"#, in: trace[0])
    let scopes = await adapter.messages(answering: request(seq + 1, "scopes", #"{"frameId":\#(frame)}"#))
    let state = number(after: #""name":"State","variablesReference":"#, in: scopes[0])
    let variables = await adapter.messages(answering: request(seq + 2, "variables", #"{"variablesReference":\#(state)}"#))
    precondition(text(variables[0]).contains(#""name":"count""#), "the round showed no state")
    return trace[0].count + scopes[0].count + variables[0].count
  }

  private static func request(_ seq: Int, _ command: String, _ arguments: String) -> [UInt8] {
    Array(#"{"seq":\#(seq),"type":"request","command":"\#(command)","arguments":\#(arguments)}"#.utf8)
  }

  private static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

  /// The whole number after `marker` in `bytes`, as the adapter writes it.
  private static func number(after marker: String, in bytes: [UInt8]) -> Int {
    let message = text(bytes)
    guard let range = message.range(of: marker) else { preconditionFailure("no \(marker) in \(message.prefix(300))") }
    return Int(message[range.upperBound...].prefix { $0.isNumber })!
  }

  // MARK: - Through the JSON protocol

  /// A JSON protocol session of the counter (`sluice run --json`) with the entries sent.
  public static func protocolRunner() async -> ScriptRunner {
    let debugger = Debugger(registry: FeatureRegistry([feature]), options: SessionOptions(usesVirtualClock: true))
    let runner = ScriptRunner(interpreter: CommandInterpreter(debugger: debugger), output: Discarded(), format: .json)
    await runner.run(ScriptSource(name: "setup", text: (["use counter"] + setupLines).joined(separator: "\n")))
    precondition(runner.status == .success, "the setup failed")
    return runner
  }

  /// The script of one round: where the session is, then what the editor's view shows.
  public static let protocolRound = ScriptSource(
    name: "round",
    text: "log 1\nbacktrace\nshow \(entryCount)\nstate at \(entryCount)\nstate at \(entryCount - 1)\n")

  /// Output nobody reads.
  final class Discarded: ScriptOutput {
    func write(_ line: String, to channel: OutputChannel) {}
  }
}
