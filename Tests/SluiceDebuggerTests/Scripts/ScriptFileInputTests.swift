import Foundation
import SluiceDebugger
import SluiceReporting
import Testing

/// Script files that are not what they should be: the error names the file, says what is
/// wrong in plain words, and a bad line is reported at its place after the lines before it ran.
@MainActor
@Suite("Script file input")
struct ScriptFileInputTests {
  @Test func sourcingAFolderSaysItIsAFolder() async throws {
    let folder = try TemporaryFolder()
    let harness = ScriptRunnerHarness()
    let status = await harness.run("source \(folder.url.path)")
    #expect(status == .error)
    let message = harness.output.standardError.joined(separator: "\n")
    #expect(message.contains(folder.url.path))
    #expect(message.contains("is a directory"))
    #expect(!message.contains("NSCocoaErrorDomain"))
  }

  @Test func sourcingADeviceSaysItIsNotARegularFile() async throws {
    let harness = ScriptRunnerHarness()
    let status = await harness.run("source /dev/null")
    #expect(status == .error)
    let message = harness.output.standardError.joined(separator: "\n")
    #expect(message.contains("/dev/null"))
    #expect(message.contains("not a regular file"))
  }

  @Test func sourcingAnEmptyNameIsAParseError() async throws {
    let harness = ScriptRunnerHarness()
    let status = await harness.run(#"source """#, named: "empty.sluice")
    #expect(status == .error)
    let message = harness.output.standardError.joined(separator: "\n")
    #expect(message.contains("empty.sluice:1:8"))
    #expect(message.contains("empty file name"))
  }

  @Test func anInvalidLineStopsAtItsPlaceAfterTheLinesBeforeIt() async throws {
    let folder = try TemporaryFolder()
    let path = folder.url.appendingPathComponent("bad.sluice").path
    var bytes = Array(".increment\n.incr".utf8)
    bytes += [0xFF, 0xFE]
    bytes += Array("ement\n.increment\n".utf8)
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let harness = ScriptRunnerHarness()
    let status = await harness.run("source \(path)\n")
    #expect(status == .error)
    let message = harness.output.standardError.joined(separator: "\n")
    #expect(message.contains("\(path):2:6"), "\(message)")
    #expect(message.contains("not UTF-8"))
    let interpreter = harness.runner.interpreter
    #expect(interpreter.debugger.current?.inspection.rendered("count") == "1")
  }
}
