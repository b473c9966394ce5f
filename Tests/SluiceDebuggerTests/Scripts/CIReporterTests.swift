import Foundation
import SluiceReporting
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The reporters CI systems read: JUnit XML, valid against the schema Jenkins and others
/// read, and GitHub Actions annotations on the scripts' lines.
@MainActor
@Suite struct CIReporterTests {
  static let failing = """
    use counter
    .increment
    expect count == 2
    expect count == 1
    """
  // The scripts share one debugger: this one starts the counter afresh.
  static let passing = """
    use counter
    reset
    .increment
    expect count == 1
    """

  /// Runs the two scripts, failing first, in `format`; returns the standard output.
  private func run(_ format: ScriptRunner.Format, extraScript: String? = nil) async throws -> (TemporaryFolder, [String], [String]) {
    let folder = try TemporaryFolder()
    var files = [try folder.write("failing.sluice", Self.failing), try folder.write("passing.sluice", Self.passing)]
    if let extraScript { files.append(try folder.write("broken.sluice", extraScript)) }
    let harness = ScriptRunnerHarness(format: format)
    _ = await harness.runner.run(files: files)
    return (folder, harness.output.standardOutput, files)
  }

  @Test func junitHasOneTestCasePerScriptAndEachFailureNamesItsLine() async throws {
    let (folder, lines, files) = try await run(.junit, extraScript: "use counter\npritn count\n")
    let xml = lines.joined(separator: "\n")
    let document = try XMLDocument(xmlString: xml)
    let cases = try document.nodes(forXPath: "//testcase")
    #expect(cases.count == 3)
    #expect(try document.nodes(forXPath: "//testcase[@name='\(files[1])']/failure").isEmpty)
    let failures = try document.nodes(forXPath: "//testcase[@name='\(files[0])']/failure/@message").map { $0.stringValue ?? "" }
    #expect(failures == ["\(files[0]):3:8: expectation failed: count == 2: expected 2, actual 1"])
    let errors = try document.nodes(forXPath: "//testcase[@name='\(files[2])']/error/@message").map { $0.stringValue ?? "" }
    #expect(errors.count == 1)
    #expect(errors.first?.hasPrefix("\(files[2]):2:1: unknown command 'pritn'") == true)
    let suite = try #require(try document.nodes(forXPath: "/testsuites/testsuite").first as? XMLElement)
    #expect(suite.attribute(forName: "tests")?.stringValue == "3")
    #expect(suite.attribute(forName: "failures")?.stringValue == "1")
    #expect(suite.attribute(forName: "errors")?.stringValue == "1")
    _ = folder
  }

  /// Checked by a real validator against the JUnit schema `Scripts/test` fetches (Jenkins'
  /// junit-10.xsd) and names in `SLUICE_JUNIT_XSD`.
  @Test(.enabled(if: ProcessInfo.processInfo.environment["SLUICE_JUNIT_XSD"] != nil, "Scripts/test provides the JUnit schema and xmllint"))
  func junitValidatesAgainstTheJUnitSchema() async throws {
    let schema = try #require(ProcessInfo.processInfo.environment["SLUICE_JUNIT_XSD"])
    let (folder, lines, _) = try await run(.junit, extraScript: "use counter\n.increment\nexpect count == \"<&>\"\n")
    let report = try folder.write("report.xml", lines.joined(separator: "\n") + "\n")
    let xmllint = Process()
    xmllint.executableURL = URL(fileURLWithPath: "/usr/bin/xmllint")
    xmllint.arguments = ["--noout", "--schema", schema, report]
    let errors = Pipe()
    xmllint.standardError = errors
    try xmllint.run()
    xmllint.waitUntilExit()
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(xmllint.terminationStatus == 0, "\(message)")
    #expect(message.contains("validates"))
  }

  @Test func githubAnnotatesEachFailureAtItsScriptLine() async throws {
    let (folder, lines, files) = try await run(.github)
    let annotations = lines.filter { $0.hasPrefix("::") }
    #expect(
      annotations == [
        "::group::\(files[0])",
        "::error file=\(files[0]),line=3,col=8,title=expectation failed::count == 2: expected 2, actual 1",
        "::endgroup::", "::group::\(files[1])", "::endgroup::",
      ])
    // The text report is all there too.
    #expect(lines.contains("✗ 1 of 3 expectations failed"))
    _ = folder
  }

  /// GitHub reads any line of the log that starts with `::` as a workflow command: a script
  /// named with a line break in it must not start one, in an annotation or in the plain text.
  @Test func noOutsideTextStartsAWorkflowCommand() async throws {
    let harness = ScriptRunnerHarness(format: .github)
    _ = await harness.run(Self.failing + "\npritn count\n", named: "x\n::warning::pwned\r::notice::too ##[error]v1.sluice")
    let lines = harness.output.text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r" }
    let commands = lines.filter { $0.drop { $0 == " " || $0 == "\t" }.hasPrefix("::") }
    #expect(!commands.isEmpty)
    for command in commands {
      #expect(["::group::", "::error ", "::endgroup::"].contains { command.hasPrefix($0) }, "\(command)")
    }
    // The runner reads an old-style `##[command]` anywhere in a line that is not a command.
    let plain = lines.filter { !$0.hasPrefix("::") }
    #expect(!plain.contains { $0.contains("##[") }, "\(plain)")
  }

  @Test func workflowCommandValuesAreEscaped() {
    #expect(GitHubActionsScriptReporter.escapedData("50%\nnext") == "50%25%0Anext")
    #expect(GitHubActionsScriptReporter.escapedProperty("a:b,c") == "a%3Ab%2Cc")
  }
}
