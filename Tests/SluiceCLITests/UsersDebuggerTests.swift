import ExampleRegistry
import Foundation
import SluiceCLI
import SluiceDebugger
import SluiceReporting
import Testing

/// Issue 27: the help, `--version` and manual page of a user's own debugger speak of that
/// binary and of the features it registered, never of `sluice` and its example features.
@Suite("A user's own debugger speaks of itself")
struct UsersDebuggerTests {
  /// The `sluice` binary under the name a user's debugger has: its name is all it knows.
  private func renamed(in folder: ScriptFolder) throws -> URL {
    let link = folder.url.appendingPathComponent("cart-debugger")
    let binary = try #require(SluiceProcess.executable, "the sluice binary was not built next to the tests")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: binary)
    return link
  }

  @Test func helpVersionAndManualNameTheBinary() async throws {
    let folder = try ScriptFolder()
    let program = try renamed(in: folder)
    let help = try await SluiceProcess.run(["--help"], program: program)
    #expect(help.standardOutput.contains("`cart-debugger shell --help`"), "\(help.standardOutput)")
    #expect(!help.standardOutput.contains("sluice shell") && !help.standardOutput.contains("sluice run"), "\(help.standardOutput)")
    let shellHelp = try await SluiceProcess.run(["shell", "--help"], program: program)
    #expect(shellHelp.standardOutput.contains("`cart-debugger run -`"), "\(shellHelp.standardOutput)")
    #expect(!shellHelp.standardOutput.contains("`sluice"), "\(shellHelp.standardOutput)")
    let version = try await SluiceProcess.run(["--version"], program: program)
    #expect(version.outputLines.first == "cart-debugger (Sluice \(SluiceCommand.version))", "\(version.standardOutput)")
    let manual = try await SluiceProcess.run(["manual"], program: program)
    #expect(manual.outputLines.first?.hasPrefix(#".TH CART\-DEBUGGER 1 "#) == true, "\(manual.outputLines.first ?? "")")
    #expect(manual.outputLines.contains(".B cart\\-debugger run"))
    #expect(!manual.standardOutput.contains("\\fBsluice") && !manual.outputLines.contains { $0.hasPrefix(".B sluice") })
  }

  @MainActor
  @Test func helpVersionAndManualSpeakOfTheRegisteredFeatures() async throws {
    let registry = FeatureRegistry(["stopwatch", "pingpong"].compactMap(exampleFeatures.feature(named:)))
    let help = CapturedScriptOutput()
    #expect(await SluiceCommand.execute(arguments: ["--help"], registry: registry, output: help) == 0)
    #expect(help.standardOutput.joined(separator: " ").contains("Registered features: stopwatch, pingpong."), "\(help.standardOutput)")
    let version = CapturedScriptOutput()
    #expect(await SluiceCommand.execute(arguments: ["--version"], registry: registry, output: version) == 0)
    #expect(version.standardOutput.contains("features: stopwatch, pingpong"), "\(version.standardOutput)")

    let manual = CapturedScriptOutput()
    #expect(await SluiceCommand.execute(arguments: ["manual"], registry: registry, output: manual) == 0)
    let page = manual.standardOutput
    // The features, and examples drawn from the first one's actions and state.
    #expect(page.contains("\\fBstopwatch\\fR") && page.contains("\\fBpingpong\\fR"))
    #expect(page.contains("Example: \\fBsend .start\\fR"), "\(page)")
    #expect(page.contains("Example: \\fBuse pingpong\\fR"), "\(page)")
    #expect(page.contains("Example: \\fBprint isRunning\\fR"), "\(page)")
    // Nothing of Sluice's own examples.
    for example in ["Milk", "use checkout", "todos[0]", "checkout.session", "Examples/Scripts", "setStep", "paymentSucceeded", "find milk"] {
      #expect(!page.joined(separator: "\n").contains(example), "the manual speaks of \(example)")
    }
  }
}

/// Issue 27: the manual page is a well-formed page: options as list entries, a date that does
/// not change from run to run, and no warning from groff.
@Suite("The manual page")
struct ManualPageTests {
  static let groff = ["/usr/bin/groff", "/usr/local/bin/groff", "/opt/homebrew/bin/groff"]
    .first { FileManager.default.isExecutableFile(atPath: $0) }

  @Test func optionsAreListEntries() async throws {
    let manual = try await SluiceProcess.run(["manual"])
    let lines = manual.outputLines
    #expect(!lines.contains(".nf"), "no pasted --help text")
    for option in [#"\fB\-\-history\-file\fR \fIfile\fR"#, #"\fB\-x\fR, \fB\-\-source\fR \fIfile\fR"#, #"\fB\-\-json\fR"#] {
      let index = lines.firstIndex(of: option)
      #expect(index.map { lines[$0 - 1] == ".TP" } == true, "\(option) is not an entry of its own")
    }
  }

  @Test func thePageIsDatedTheSameOnEveryRun() async throws {
    let first = try await SluiceProcess.run(["manual"])
    let second = try await SluiceProcess.run(["manual"])
    let heading = try #require(first.outputLines.first)
    #expect(heading.wholeMatch(of: #/\.TH SLUICE 1 \d{4}-\d{2}-\d{2} "Sluice [0-9.]+" "User Commands"/#) != nil, "\(heading)")
    #expect(first.standardOutput == second.standardOutput)
  }

  @Test(.enabled(if: groff != nil, "groff is not installed (Debian: apt-get install groff-base)"))
  func groffFindsNothingToWarnAbout() async throws {
    let manual = try await SluiceProcess.run(["manual"])
    let check = try await Subprocess.run(try #require(Self.groff), ["-ww", "-man", "-Tutf8", "-z"], input: manual.standardOutput)
    #expect(check.status == 0)
    #expect(check.output.isEmpty, "groff warns:\n\(check.output)")
  }
}
