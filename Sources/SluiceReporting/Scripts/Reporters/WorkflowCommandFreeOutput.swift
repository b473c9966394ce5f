/// The plain text of a run on its way to a GitHub Actions log, where the runner reads any
/// line that starts with `::` (after white space) as a workflow command, and `##[` anywhere
/// in a line as an old-style one. Only text from outside can make such a line (a script
/// named with a line break and `::warning::` after it, a value, a message quoting either):
/// each is written with a `\` in front, and `##[` as `#\#[`, so that the only commands in
/// the log are the reporter's own (``GitHubActionsScriptReporter``).
@MainActor
final class WorkflowCommandFreeOutput: ScriptOutput {
  private let output: any ScriptOutput

  /// Writes to `output`, neutralized.
  init(_ output: any ScriptOutput) {
    self.output = output
  }

  func write(_ line: String, to channel: OutputChannel) {
    output.write(Self.neutralized(line), to: channel)
  }

  func write(_ line: RenderedLine, to channel: OutputChannel) {
    output.write(RenderedLine(line.kind, Self.neutralized(line.text)), to: channel)
  }

  /// `text` with no line a workflow command: the runner splits lines at CR and LF.
  static func neutralized(_ text: String) -> String {
    guard text.contains("::") || text.contains("##[") else { return text }
    var result = ""
    var rest = Substring(text)
    while !rest.isEmpty {
      let end = rest.firstIndex { $0 == "\n" || $0 == "\r" || $0 == "\r\n" } ?? rest.endIndex
      result += neutralizedLine(rest[..<end])
      guard end < rest.endIndex else { break }
      result.append(rest[end])
      rest = rest[rest.index(after: end)...]
    }
    return result
  }

  private static func neutralizedLine(_ line: Substring) -> String {
    let text = line.replacingOccurrences(of: "##[", with: "#\\#[")
    return text.drop(while: \.isWhitespace).hasPrefix("::") ? "\\" + text : text
  }
}
