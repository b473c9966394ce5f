import ExampleRegistry
import Foundation
@testable import SluiceDebugger
import SwiftParser
import SwiftSyntax
import Testing
import SluiceReporting

/// A session file is text from anyone (a bug report, a flight recording sent along): what
/// `export-test` writes from it must keep every text of the file inside a string literal or a
/// comment, so that building and running the exported test runs nobody's code but Sluice's.
@MainActor
@Suite struct ExportInjectionTests {
  /// The word every hostile text below carries: a token spelling it outside a string literal
  /// or a comment is code the file put into the test.
  static let marker = "pwn"

  /// A todos session with an action titled `title`, a job cancelled by hand and a job still
  /// running, saved in `folder` as `todos.json` and then renamed to `name`, which no script
  /// line could spell (a line break in it).
  private func savedTodos(
    in folder: TemporaryFolder, named name: String = "todos.json", title: String = "Tea"
  ) async throws -> String {
    let saved = folder.url.appendingPathComponent("todos.json").path
    let harness = ScriptRunnerHarness()
    let status = await harness.run(
      "use todos\n.add(title: \(SwiftStringEscaping.quoted(title)))\n.load\nadvance 200ms\ncancel load todos\n.load\n"
        + "save \(saved)\n")
    #expect(status == .success, "\(harness.output.text)")
    let path = folder.url.appendingPathComponent(name).path
    if path != saved { try FileManager.default.moveItem(atPath: saved, toPath: path) }
    return path
  }

  /// Renames every job span of the file, and marks the first one cancelled by hand among
  /// namesakes, so that the export names it in a note.
  private func renamingSpans(to name: String) -> (inout [String: Any]) -> Void {
    { object in
      var spans = object["jobSpans"] as? [[String: Any]] ?? []
      for position in spans.indices { spans[position]["name"] = name }
      if let cancelled = spans.firstIndex(where: { $0["cancelledByHand"] != nil }),
        var cancel = spans[cancelled]["cancelledByHand"] as? [String: Any]
      {
        cancel["hadNamesakes"] = true
        spans[cancelled]["cancelledByHand"] = cancel
      }
      object["jobSpans"] = spans
    }
  }

  /// The tokens of `source` that are code (not a string literal's text, not a comment) and
  /// spell the marker; and whether the file parses at all.
  static func escapedTokens(in source: String) -> (tokens: [String], parses: Bool) {
    let tree = Parser.parse(source: source)
    let tokens = tree.tokens(viewMode: .sourceAccurate).filter { token in
      if case .stringSegment = token.tokenKind { return false }
      return token.text.contains(marker)
    }
    return (tokens.map { "'\($0.text)' at byte \($0.positionAfterSkippingLeadingTrivia.utf8Offset)" }, !tree.hasError)
  }

  /// The condition a session was shrunk for is the user's text, and may hold anything a
  /// string literal in it does: the test asserts it as a string, never as code.
  @Test func theConditionAShrinkKeptStaysInsideItsStringLiteral() async throws {
    let hostile = #"\")) ; pwn() /* */ // pwn \\ \u{0A}pwn"#
    let harness = try InterpreterHarness(feature: "search")
    try await harness.result(".queryChanged(\(SwiftStringEscaping.quoted(hostile)))")
    try await harness.result("shrink query == \(SwiftStringEscaping.quoted(hostile))")
    let session = try #require(harness.interpreter.debugger.current)
    let source = ExportedTest(
      try session.files.describeTest(registry: "ExampleRegistry.exampleFeatures", origin: "a test", name: "T")
    ).source
    #expect(source.contains("stateSatisfies("), "\(source)")
    let (tokens, parses) = Self.escapedTokens(in: source)
    #expect(tokens.isEmpty, "\(tokens)\n\(source)")
    #expect(parses, "\(source)")
  }

  @Test func aJobNameThatLeavesItsCommentIsRefusedOnLoad() async throws {
    let folder = try TemporaryFolder()
    let path = try await savedTodos(in: folder)
    let exploit = "x\n@Test func pwn() { FileManager.default.createFile(atPath: \"/tmp/pwned\", contents: nil) }\n//"
    try rewriteSessionFile(path, renamingSpans(to: exploit))
    let debugger = Debugger(registry: exampleFeatures, options: .forTests(usesVirtualClock: true))
    do {
      let source = ExportedTest(try debugger.describeTest(fromSessionFile: path, name: "Pwned")).source
      Issue.record("the file loaded, and the export reads:\n\(source)")
      #expect(Self.escapedTokens(in: source).tokens.isEmpty, "\(source)")
    } catch {
      #expect(error.message.contains("\(path): job span 1"), "\(error.message)")
      #expect(error.message.contains("x\\u{A}@Test"), "the name is shown escaped: \(error.message)")
      #expect(!error.message.contains("\n"), "\(error.message)")
    }
  }

  @Test func aFileNameThatLeavesTheHeaderCommentStaysInIt() async throws {
    let folder = try TemporaryFolder()
    // A file name holds no `/`: `*/` is left to the jobs' names (randomSessionContentNeverBecomesCode).
    let path = try await savedTodos(in: folder, named: "x\n@Test func pwn() {}\n\u{2028}\u{202E}.json")
    let debugger = Debugger(registry: exampleFeatures, options: .forTests(usesVirtualClock: true))
    let source = ExportedTest(try debugger.describeTest(fromSessionFile: path, name: "Pwned")).source
    let (tokens, parses) = Self.escapedTokens(in: source)
    #expect(tokens.isEmpty, "\(source)")
    #expect(parses, "\(source)")
    #expect(source.hasPrefix("// Exported by sluice on "))
    #expect(source.contains(#"from the session file x\u{A}@Test func pwn() {}\u{A}\u{2028}\u{202E}.json of the feature"#), "\(source)")
  }

  /// Random hostile texts in every place a session file holds text the export writes: the
  /// actions' strings, the jobs' names, the file's name. Whatever they are, the export is
  /// Swift that parses, and no text of theirs is code.
  @Test(arguments: 0..<24)
  func randomSessionContentNeverBecomesCode(seed: Int) async throws {
    var random = SplitMix64(seed: UInt64(seed) &* 0x9E37_79B9 &+ 1)
    let folder = try TemporaryFolder()
    let title = Self.hostileText(&random)
    // A file name holds any byte but `/` and NUL.
    let fileName = Self.hostileText(&random).replacingOccurrences(of: "/", with: "∕").replacingOccurrences(of: "\0", with: "")
    let path = try await savedTodos(in: folder, named: fileName + ".json", title: title)
    let spanName = Self.hostileText(&random)
    try rewriteSessionFile(path, renamingSpans(to: spanName))
    let debugger = Debugger(registry: exampleFeatures, options: .forTests(usesVirtualClock: true))
    let source: String
    do {
      source = ExportedTest(try debugger.describeTest(fromSessionFile: path, name: "Random")).source
    } catch {
      // A name that could break a line is refused on load, saying which span; no other.
      #expect(spanName.unicodeScalars.contains(where: SwiftComment.isBreaking), "\(error.message)")
      #expect(error.message.contains("job span 1"), "\(error.message)")
      return
    }
    let (tokens, parses) = Self.escapedTokens(in: source)
    #expect(tokens.isEmpty, "seed \(seed):\n\(source)")
    #expect(parses, "seed \(seed):\n\(source)")
  }

  /// Text built from the pieces that end a literal or a comment, or start code.
  static func hostileText(_ random: inout SplitMix64) -> String {
    let pieces = [
      "\n", "\r", "\r\n", "\u{2028}", "\u{2029}", "\u{202E}", "\u{0}", "\u{85}", "\u{B}", "\u{C}", "*/", "/*", "//",
      "\"", "\"\"\"", "\\", "\\(", "#", "#\"", "`", "'", "}", "{", ")", "@Test func \(marker)() {}",
      "\(marker)()", " \(marker) ", "é", "☕️", "👩‍💻", "\t", "$0", ";",
    ]
    let count = 1 + random.next(below: 8)
    return (0..<count).map { _ in pieces[random.next(below: pieces.count)] }.joined()
  }
}
