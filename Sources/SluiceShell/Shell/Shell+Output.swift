import SluiceDebugger
import SluiceReporting

/// What the shell writes: the greeting, the prompt, results and errors.
extension Shell {
  func greet() {
    let debugger = interpreter.debugger
    let session = try? interpreter.session()
    var lines: [String] = []
    if let session, let feature = debugger.registry.feature(named: session.featureName) {
      lines.append("sluice: debugging \(feature.name), \(feature.summary.prefix(1).lowercased() + feature.summary.dropFirst())")
    }
    lines.append("features: \(debugger.registry.names.joined(separator: ", ")) (`use NAME` switches)")
    lines.append("`help` lists the commands; Tab completes; Ctrl-C clears the line or pauses; Ctrl-D leaves")
    output.write(lines.map { style.apply(.dim, to: $0) }.joined(separator: "\n") + "\n")
  }

  func currentPrompt() -> Prompt {
    ShellPrompt.main(for: ProtocolEvent.StoreStatus(of: interpreter.debugger), style: style)
  }

  func write(_ lines: [String]) {
    write(lines.map { RenderedLine(.plain, $0) })
  }

  /// Writes rendered lines, colored by their kinds, one-line contexts elided to the width.
  func write(_ lines: [RenderedLine]) {
    output.write(lines, in: style, width: host.width)
  }

  /// Shows an error the shell found itself, as it shows the endpoint's.
  func showError(_ message: String, column: Int? = nil) {
    write([renderer.errorLine(message, column: column)])
  }

  static func opener(of balance: InputBalance) -> String {
    switch balance {
    case .open(closer: ")"): "'('"
    case .open(closer: "]"): "'['"
    case .open: "string (\")"
    case .complete: "nothing"
    }
  }
}
