import Foundation
import ReadmeBlocks
import Testing

/// README's shell transcripts, typed into the real `sluice` on a pseudo-terminal: every
/// prompt line is typed (a `⇥` as Tab, an empty line as Enter), the prompt it was typed at
/// must be the shell's, and every line README shows under it must appear, in order, before
/// the next prompt. `…` stands for lines README leaves out; `# …` after two spaces is
/// README's comment, not output.
extension TerminalTests {
  @Suite struct ReadmeTranscriptTests {
    @Test(arguments: try ReadmeTranscript.all())
    func theTranscriptIsWhatTheShellPrints(_ transcript: ReadmeTranscript) async throws {
      let sluice = try await SluiceOnTerminal(["--feature", transcript.feature], columns: 400)
      defer { sluice.close() }
      for (number, step) in transcript.steps.enumerated() {
        let before = sluice.terminal.screen.lines.count
        let prompt = sluice.terminal.screen.cursorLine.trimmingCharacters(in: .whitespaces)
        #expect(
          prompt.hasPrefix(step.prompt), "\(transcript.file) line \(step.line): the shell's prompt is \"\(prompt)\", README shows \"\(step.prompt)\"")
        if let tab = step.command.firstIndex(of: "⇥") {
          sluice.type(String(step.command[..<tab]) + "\t")
          try await sluice.terminal.waitForScreen(timeout: hangGuard, "completion at \(transcript.file) line \(step.line)") {
            $0.cursorLine.hasSuffix(String(step.command[..<tab])) == false
          }
          sluice.type("\r")
        } else {
          sluice.type(step.command + "\r")
        }
        // Work the command starts goes on after its prompt (a loop's warning, a job's
        // actions), drawn above the line being edited: wait for what README shows and for
        // the prompt README types the next command at.
        let nextPrompt = number + 1 < transcript.steps.count ? transcript.steps[number + 1].prompt : "(sluice"
        let printed = { @Sendable (screen: TerminalScreen) in Array(screen.lines[before..<(screen.lines.count - 1)]) }
        let output = step.output
        let screen = try? await sluice.terminal.waitForScreen(
          timeout: hangGuard, "\(transcript.file) line \(step.line) (`\(step.command)`)'s output and then \(nextPrompt)"
        ) {
          $0.lines.count > before && $0.cursorLine.hasPrefix(nextPrompt)
            && ReadmeTranscript.firstMissing(output, in: printed($0)) == nil
        }
        if screen == nil {
          let now = sluice.terminal.screen
          let missing = now.lines.count > before ? ReadmeTranscript.firstMissing(output, in: printed(now)) : output.first
          Issue.record("\(transcript.file) line \(step.line) (`\(step.command)`): the shell did not print \"\(missing ?? "")\" before \(nextPrompt)")
          return
        }
      }
    }
  }
}

/// A shell transcript in README: a fenced `text` block whose first line is a prompt.
struct ReadmeTranscript: Sendable, CustomTestStringConvertible {
  /// One line typed at a prompt and what README shows the shell printing for it.
  struct Step: Sendable {
    let line: Int
    let prompt: String
    let command: String
    var output: [String]
  }

  /// The file it is in: README, or an article README links to.
  let file: String
  let firstLine: Int
  let feature: String
  let steps: [Step]

  var testDescription: String { "\(file) line \(firstLine), feature \(feature)" }

  /// Every transcript in README and its articles.
  static func all() throws -> [ReadmeTranscript] {
    try ReadmeFence.all().filter { $0.language == "text" && $0.lines.first?.hasPrefix("(sluice ") == true }.map { fence in
      transcript(in: fence.file, startingAt: fence.line, fence.lines.enumerated().map { (fence.line + 1 + $0.offset, $0.element) })
    }
  }

  private static func transcript(in file: String, startingAt fence: Int, _ body: [(Int, String)]) -> ReadmeTranscript {
    var steps: [Step] = []
    for (number, text) in body {
      let line = withoutComment(text)
      if line.hasPrefix("(sluice "), let close = line.firstIndex(of: ")") {
        let prompt = String(line[...close])
        let command = line[line.index(after: close)...].trimmingCharacters(in: .whitespaces)
        steps.append(Step(line: number, prompt: prompt, command: command, output: []))
      } else if !steps.isEmpty {
        steps[steps.count - 1].output.append(line)
      }
    }
    let feature = steps.first.map { $0.prompt.dropFirst("(sluice ".count).prefix { $0 != " " && $0 != ")" } } ?? ""
    return ReadmeTranscript(file: file, firstLine: fence, feature: String(feature), steps: steps)
  }

  /// `text` without README's comment: `#` after two or more spaces, to the end of the line.
  static func withoutComment(_ text: String) -> String {
    guard let range = text.range(of: #"\s{2,}#.*$"#, options: .regularExpression) else {
      return text.trimmingCharacters(in: .whitespaces)
    }
    return String(text[..<range.lowerBound]).trimmingCharacters(in: .whitespaces)
  }

  /// The first of README's `expected` lines not found in `printed`, in order. Lines compare
  /// with runs of blanks collapsed, and a line README wraps may be one line on the screen:
  /// the text is matched as one stream. `…` lines and empty lines match anything.
  static func firstMissing(_ expected: [String], in printed: [String]) -> String? {
    let stream = collapse(printed.joined(separator: " "))
    var position = stream.startIndex
    for line in expected where !line.isEmpty && line != "…" {
      let wanted = collapse(line)
      guard let found = stream.range(of: wanted, range: position..<stream.endIndex) else { return line }
      position = found.upperBound
    }
    return nil
  }

  private static func collapse(_ text: String) -> String {
    text.replacingOccurrences(of: #"\s+"#, with: " ", options: .regularExpression)
      .trimmingCharacters(in: .whitespaces)
  }
}
