import Foundation
import JSONCheck
import ReadmeBlocks
import Testing

/// Every fenced block in README is compiled or run by a test, and this suite checks that
/// nothing escapes: each block is claimed by exactly one way of checking it, and a block
/// nothing claims fails the suite.
///
/// - Swift blocks appear, in order, in code that builds and runs as a test: README's
///   features, fragments and middleware in `SluiceMacroSupportTests/Readme/ReadmeCode.swift`,
///   the `TestStore` example in `ExampleFeaturesTests/ReadmeExampleTests.swift`, the agent in
///   the example program `AttachTests` attach to (`Examples/AttachExample`); the
///   `Package.swift` and `main.swift` blocks are built in a fresh package by `AdoptionTests`.
/// - Shell transcripts (`(sluice …)` prompts) are typed into the real shell by
///   `ReadmeTranscriptTests` in SluiceShellTests.
/// - Scripts run through `sluice run` and must pass; command lines run and must exit 0.
/// - JSON events are what `sluice run --json` prints, and the JSON exchange is run.
/// - The layout names only folders and files that exist.
@Suite struct ReadmeCodeBlockTests {
  static let mirrors = [
    "Tests/SluiceMacroSupportTests/Readme/ReadmeCode.swift",
    "Tests/ExampleFeaturesTests/ReadmeExampleTests.swift",
    "Examples/AttachExample/AttachExample.swift",
  ]

  @Test func everyBlockIsCheckedByATest() throws {
    let blocks = try ReadmeBlock.all()
    #expect(blocks.count >= 10, "README's blocks were not found")
    for block in blocks {
      #expect(block.check != nil, "\(block.place): no test compiles or runs this block")
    }
  }

  @Test func swiftBlocksAppearInCodeThatBuilds() throws {
    let mirrors = try Self.mirrors.map { path in
      (path, try String(contentsOf: SluiceProcess.packageRoot.appendingPathComponent(path), encoding: .utf8))
    }
    for block in try ReadmeBlock.all() where block.check == .mirrored {
      let found = mirrors.first { ReadmeBlock.contains(block.lines, in: $0.1) }
      #expect(found != nil, "\(block.place): the block is not in \(Self.mirrors.joined(separator: " or ")), line for line")
    }
  }

  @Test func adoptionBlocksAreTheOnesTheAdoptionTestBuilds() throws {
    let adoption = try String(
      contentsOf: SluiceProcess.packageRoot.appendingPathComponent("Tests/SluiceCLITests/AdoptionTests.swift"), encoding: .utf8)
    for block in try ReadmeBlock.all() where block.check == .builtByAdoptionTest {
      #expect(adoption.contains("\"\(block.lines[0])\""), "\(block.place): AdoptionTests does not build this block")
    }
  }

  @Test func commandLinesRunAndSucceed() async throws {
    let root = SluiceProcess.packageRoot
    let ci = try String(contentsOf: root.appendingPathComponent(".ci/run"), encoding: .utf8)
    for block in try ReadmeBlock.all() where block.check == .commands {
      for command in block.commands {
        if command.hasPrefix("Scripts/") {
          // The set-up commands build and test this package: running them inside its own
          // test run would rebuild it under itself. CI runs `Scripts/test` itself.
          let script = String(command.prefix { $0 != " " })
          #expect(FileManager.default.isExecutableFile(atPath: root.appendingPathComponent(script).path), "\(block.place): \(script) is not an executable script")
          if script == "Scripts/test" { #expect(ci.contains("Scripts/test"), ".ci/run does not run Scripts/test") }
          continue
        }
        if AdoptionTests.readmeInitCommands.contains(command) { continue }  // AdoptionTests runs them in a fresh package.
        var input: String?
        var line = command
        if line.hasPrefix("echo '"), let end = line.dropFirst(6).firstIndex(of: "'"), let pipe = line.range(of: "| ") {
          input = String(line[line.index(line.startIndex, offsetBy: 6)..<end]) + "\n"
          line = String(line[pipe.upperBound...])
        }
        let prefix = "swift run sluice "
        try #require(line.hasPrefix(prefix), "\(block.place): `\(command)` is neither a script of ours nor `swift run sluice …`")
        let arguments = line.dropFirst(prefix.count).split(separator: " ").map(String.init)
        let result = try await SluiceProcess.run(arguments, input: input)
        #expect(result.status == 0, "\(block.place): `\(command)` exited \(result.status): \(result.standardError)")
        #expect(!result.standardOutput.isEmpty, "\(block.place): `\(command)` printed nothing")
      }
    }
  }

  @Test func scriptsRunAndPass() async throws {
    for block in try ReadmeBlock.all() where block.check == .script {
      let file = FileManager.default.temporaryDirectory.appendingPathComponent("readme-\(UUID().uuidString).sluice")
      try block.lines.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
      defer { try? FileManager.default.removeItem(at: file) }
      let result = try await SluiceProcess.run(["run", "--virtual-clock", file.path])
      #expect(result.status == 0, "\(block.place): the script exited \(result.status):\n\(result.standardOutput)\(result.standardError)")
    }
  }

  /// A launch configuration README shows starts a session in `sluice dap` that stops, as the
  /// editor it is pasted into would see.
  @Test func launchConfigurationsStartASession() async throws {
    let blocks = try ReadmeBlock.all().filter { $0.check == .launchConfiguration }
    #expect(!blocks.isEmpty)
    for block in blocks {
      let file = try JSONSerialization.jsonObject(with: Data(block.lines.joined(separator: "\n").utf8)) as? [String: Any]
      let configurations = try #require(file?["configurations"] as? [[String: Any]], "\(block.place): no configurations")
      for configuration in configurations where configuration["type"] as? String == "sluice" {
        var arguments = configuration
        arguments.removeValue(forKey: "type")
        let request = try #require(arguments.removeValue(forKey: "request") as? String, "\(block.place): no request")
        // An attach is to the example service; the process id a picker would ask for is its.
        let program = request == "attach" ? try ExampleProgram() : nil
        if let program, (arguments["pid"] as? String)?.hasPrefix("${command:") == true { arguments["pid"] = Int(program.pid) }
        let text = String(decoding: try JSONSerialization.data(withJSONObject: arguments), as: UTF8.self)
        let adapter = try DAPProcess(environment: program?.environment ?? [:])
        _ = try await adapter.response(to: adapter.send("initialize", #"{"adapterID":"sluice"}"#))
        let started = try await adapter.response(to: adapter.send(request, text))
        #expect(started["success"] == .boolean(true), "\(block.place): \(started)")
        _ = try await adapter.response(to: adapter.send("configurationDone"))
        if request == "attach" {
          // The program's store runs: it stops when paused.
          _ = try await adapter.response(to: adapter.send("pause", #"{"threadId":1}"#))
        }
        #expect(try await adapter.waitFor { $0["event"]?.text == "stopped" } != nil, "\(block.place): no stop")
        _ = try await adapter.response(to: adapter.send("disconnect"))
      }
    }
  }

  /// A JSON event README shows is what `sluice run --json` prints for an `.increment` sent to
  /// the counter by a script, key for key.
  @Test func jsonEventsAreWhatTheWriterPrints() async throws {
    let result = try await SluiceProcess.run(["run", "--json", "--virtual-clock", "--feature", "counter", "-"], input: ".increment\n")
    #expect(result.status == 0, "\(result.standardError)")
    for block in try ReadmeBlock.all() where block.check == .jsonEvents {
      for line in block.lines where !line.isEmpty {
        #expect(result.outputLines.contains(line), "\(block.place): `sluice run --json` does not print \(line); it printed:\n\(result.standardOutput)")
      }
    }
  }

  /// README's exchange over the JSON protocol, run: the `→` lines are written to
  /// `sluice run --json --feature counter -`, and each `←` line must come back, in order;
  /// a line ending in `…}` stands for any line that begins as it does.
  @Test func theJSONExchangeIsWhatASessionAnswers() async throws {
    for block in try ReadmeBlock.all() where block.check == .jsonExchange {
      let requests = block.lines.filter { $0.hasPrefix("→ ") }.map { $0.dropFirst(2) + "\n" }.joined()
      let result = try await SluiceProcess.run(["run", "--json", "--feature", "counter", "-"], input: requests)
      var printed = result.outputLines[...]
      for answer in block.lines where answer.hasPrefix("← ") {
        let expected = String(answer.dropFirst(2))
        let prefix = expected.hasSuffix(",…}") ? String(expected.dropLast(2)) : nil
        guard let found = printed.firstIndex(where: { prefix.map($0.hasPrefix) ?? ($0 == expected) }) else {
          Issue.record("\(block.place): the session did not answer \(expected); it printed:\n\(result.standardOutput)")
          break
        }
        printed = printed[(found + 1)...]
      }
    }
  }

  @Test func theLayoutNamesWhatExists() throws {
    let root = SluiceProcess.packageRoot
    for block in try ReadmeBlock.all() where block.check == .layout {
      var parent = ""
      for line in block.lines {
        let indent = line.prefix { $0 == " " }.count
        guard indent <= 2, let names = line.dropFirst(indent).components(separatedBy: "  ").first else { continue }
        for name in names.split(separator: " ") {
          let path = indent == 0 ? String(name) : parent + name
          #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path), "README's layout names \(path), which does not exist")
          if indent == 0 { parent = String(name) }
        }
      }
    }
  }

  @Test func aBlockOfLinesInOtherCodeIsFoundOnlyInOrder() {
    let code = "enum A {\n  struct B {\n    var x = 1\n  }\n}\n"
    #expect(ReadmeBlock.contains(["struct B {", "  var x = 1", "}"], in: code))
    #expect(!ReadmeBlock.contains(["var x = 1", "struct B {"], in: code))
    #expect(!ReadmeBlock.contains(["struct B {", "var y = 2"], in: code))
  }
}

/// A fenced block of README, and how a test checks it.
struct ReadmeBlock {
  enum Check { case mirrored, builtByAdoptionTest, transcript, commands, script, layout, jsonEvents, jsonExchange, launchConfiguration }

  /// Where it is: `README.md line 12`.
  let place: String
  let language: String
  let lines: [String]

  var check: Check? {
    let first = lines.first ?? ""
    switch language {
    case "swift": return first.hasPrefix("// Package.swift") || first.hasPrefix("// Sources/") ? .builtByAdoptionTest : .mirrored
    case "sh": return .commands
    case "text" where first.hasPrefix("(sluice "): return .transcript
    case "text" where first.hasPrefix("#"): return .script
    case "text" where first.hasPrefix("→ "): return .jsonExchange
    case "json": return .jsonEvents
    case "jsonc": return .launchConfiguration
    case "" where first.hasPrefix("Sources/"): return .layout
    default: return nil
    }
  }

  /// The block's command lines, without comments.
  var commands: [String] {
    lines.map { line in
      let text = line.range(of: #"\s+#.*$"#, options: .regularExpression).map { String(line[..<$0.lowerBound]) } ?? line
      return text.trimmingCharacters(in: .whitespaces)
    }.filter { !$0.isEmpty }
  }

  static func all() throws -> [ReadmeBlock] {
    try ReadmeFence.all().map { ReadmeBlock(place: $0.place, language: $0.language, lines: $0.lines) }
  }

  /// Whether `block`'s lines appear in `code` in order, each run of lines between blank
  /// lines contiguous, whatever the indentation: README shows at top level what the code
  /// may nest in a type or a test.
  static func contains(_ block: [String], in code: String) -> Bool {
    let trimmed = { (line: Substring) in line.trimmingCharacters(in: .whitespaces) }
    let codeLines = code.split(separator: "\n", omittingEmptySubsequences: false).map(trimmed)
    let runs = block.split(whereSeparator: { $0.trimmingCharacters(in: .whitespaces).isEmpty }).map { $0.map { trimmed(Substring($0)) } }
    var start = 0
    for run in runs {
      guard let found = (start..<max(start, codeLines.count - run.count + 1)).first(where: { Array(codeLines[$0..<($0 + run.count)]) == run })
      else { return false }
      start = found + run.count
    }
    return true
  }
}
