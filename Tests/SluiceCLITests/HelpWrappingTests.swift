import Foundation
import Testing

/// `--help` reads as prose: argument-parser wraps each paragraph to the width, so a line
/// of the source that ends mid-phrase must not end a printed line (issue 49: `sluice-init
/// --help` printed `writes` alone on a line, the source's own line breaks wrapped again).
@Suite struct HelpWrappingTests {
  /// Lines of `help` that end early: the next line of the same paragraph starts with a word
  /// that would have fitted on them. At 80 columns argument-parser fills 79.
  static func linesEndingEarly(in help: String, width: Int = 79) -> [String] {
    let lines = help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var early: [String] = []
    for (line, next) in zip(lines, lines.dropFirst()) {
      let trimmedNext = next.drop { $0 == " " }
      // A paragraph continues on a line indented as this one, not on a blank line or a list.
      guard !line.isEmpty, !trimmedNext.isEmpty,
        line.prefix(while: { $0 == " " }).count == next.prefix(while: { $0 == " " }).count,
        !trimmedNext.hasPrefix("-"), !trimmedNext.hasPrefix("`")
      else { continue }
      let firstWord = trimmedNext.prefix { $0 != " " }
      if line.count + 1 + firstWord.count <= width { early.append(line) }
    }
    return early
  }

  @Test func sluiceInitsHelpWrapsWhereTheWidthEndsALine() async throws {
    let program = try #require(SluiceProcess.builtProduct("sluice-init"), "sluice-init was not built beside the tests")
    let help = try await SluiceProcess.run(["--help"], environment: ["COLUMNS": "80"], program: program)
    #expect(help.standardOutput.contains("Finds every public struct"))
    #expect(Self.linesEndingEarly(in: help.standardOutput) == [], "\(help.standardOutput)")
  }

  @Test func sluicesHelpWrapsWhereTheWidthEndsALine() async throws {
    for arguments in [["--help"], ["run", "--help"], ["shell", "--help"]] {
      let help = try await SluiceProcess.run(arguments, environment: ["COLUMNS": "80"])
      #expect(help.status == 0)
      #expect(Self.linesEndingEarly(in: help.standardOutput) == [], "sluice \(arguments.joined(separator: " ")):\n\(help.standardOutput)")
    }
  }

  @Test func theCheckFindsALineEndedEarly() {
    let help = "  Finds every public struct in Sources/ marked @Feature or conforming to Reducer,\n  writes\n  a library registering each"
    #expect(Self.linesEndingEarly(in: help) == ["  writes"])
    #expect(Self.linesEndingEarly(in: "  a full line of prose\n\n  a new paragraph") == [])
  }
}
