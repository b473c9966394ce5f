import SluiceDebugger

/// Reports a run as JUnit XML, which Jenkins, GitLab, Azure DevOps and most CI systems read:
/// one test case per script given to the run, each failed expectation, broken cycle or
/// unfinished `wait` a `<failure>` and a script error an `<error>`, each message starting
/// with the script's `file:line:column`, and the script's text report as its `<system-out>`.
///
/// The document is written when the run ends, on standard output:
/// `sluice run --format junit Scripts/*.sluice > report.xml`.
@MainActor
public final class JUnitScriptReporter: ScriptReporter {
  /// Where the document goes.
  public let output: any ScriptOutput
  private let text = TextRenderer()
  private var cases: [TestCase] = []

  /// One script's test case.
  private struct TestCase {
    struct Problem {
      let element: String
      let type: String
      let message: String
      let detail: [String]
    }

    let name: String
    var problems: [Problem] = []
    var report: [String] = []
  }

  /// Creates a reporter writing to `output`.
  public init(output: any ScriptOutput) {
    self.output = output
  }

  public func scriptStarted(_ name: String) {
    cases.append(TestCase(name: name))
  }

  public func command(_ text: String, at location: ScriptLocation) {
    note(["> " + text])
  }

  public func events(_ events: [DebugEvent]) {
    note(events.flatMap(text.lines(for:)))
  }

  public func result(_ result: CommandResult, of command: String, at location: ScriptLocation) {
    note(text.lines(for: result))
  }

  public func displays(_ values: [DisplayedValue], at location: ScriptLocation) {
    note(text.lines(for: values))
  }

  public func expectation(_ outcome: ExpectationOutcome, at location: ScriptLocation) {
    let lines = text.lines(for: outcome, at: location)
    note(lines)
    guard !outcome.passed else { return }
    let message = "\(location): expectation failed: \(outcome.expression): expected \(outcome.expected), actual \(outcome.actual)"
    add(.init(element: "failure", type: "expectation", message: message, detail: lines))
  }

  public func failure(_ message: String, at location: ScriptLocation?, isOwnEvent: Bool) {
    let place = location.map { "\($0): " } ?? ""
    note([place + "error: " + message])
    add(.init(element: "failure", type: "failure", message: place + message, detail: []))
  }

  public func error(_ message: String, at location: ScriptLocation?, sourceLine: String?) {
    let lines = text.lines(forError: message, at: location, sourceLine: sourceLine)
    note(lines)
    let place = location.map { "\($0): " } ?? ""
    add(.init(element: "error", type: "error", message: place + message, detail: lines))
  }

  public func finished(_ summary: ScriptRunSummary) {
    let failures = cases.reduce(0) { $0 + ($1.problems.contains { $0.element == "failure" } ? 1 : 0) }
    let errors = cases.reduce(0) { $0 + ($1.problems.contains { $0.element == "error" } ? 1 : 0) }
    let counts = "tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"\(errors)\""
    var lines = [
      #"<?xml version="1.0" encoding="UTF-8"?>"#,
      "<testsuites name=\"sluice\" \(counts)>",
      "  <testsuite name=\"sluice run\" \(counts)>",
    ]
    for testCase in cases {
      lines.append("    <testcase name=\"\(XMLText.escaped(testCase.name))\" classname=\"sluice\">")
      for problem in testCase.problems {
        let opening = "      <\(problem.element) type=\"\(problem.type)\" message=\"\(XMLText.escaped(problem.message))\""
        lines.append(
          problem.detail.isEmpty
            ? opening + "/>"
            : opening + ">" + XMLText.escaped(problem.detail.joined(separator: "\n")) + "</\(problem.element)>")
      }
      lines.append("      <system-out>" + XMLText.escaped(testCase.report.joined(separator: "\n")) + "</system-out>")
      lines.append("    </testcase>")
    }
    lines += ["  </testsuite>", "</testsuites>"]
    for line in lines { output.write(line, to: .standardOutput) }
  }

  /// Adds to the current script's report; lines before any script (a bad option) open a
  /// case of their own, so that nothing reported is lost.
  private func note(_ lines: [String]) {
    if cases.isEmpty { cases.append(TestCase(name: "sluice")) }
    cases[cases.count - 1].report += lines
  }

  private func add(_ problem: TestCase.Problem) {
    if cases.isEmpty { cases.append(TestCase(name: "sluice")) }
    cases[cases.count - 1].problems.append(problem)
  }
}

/// Text made safe for XML 1.0 content and attribute values.
enum XMLText {
  static func escaped(_ text: String) -> String {
    var escaped = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": escaped += "&amp;"
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      case "\"": escaped += "&quot;"
      case "'": escaped += "&apos;"
      case "\n", "\t": escaped.unicodeScalars.append(scalar)
      // XML 1.0 has no way to write other control characters, even escaped.
      case _ where scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value): escaped += "\u{FFFD}"
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped
  }
}
