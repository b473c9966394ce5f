import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The shell on a terminal serves its session's page: `ui` starts it and prints its address
/// (the same one when typed again), and `sluice serve` prints it before the first prompt.
extension TerminalTests {
  @Suite struct PageTerminalTests {
    static let announcement = "the session's timeline: http://127.0.0.1:"

    /// The page at `address` answers with its HTML.
    static func pageAnswers(at address: String) async throws -> Bool {
      let url = try #require(URL(string: address))
      let (data, response) = try await URLSession.shared.data(from: url)
      return (response as? HTTPURLResponse)?.statusCode == 200
        && String(decoding: data, as: UTF8.self).contains(#"import "sluice/main""#)
    }

    @Test func uiServesTheShellsSessionAndPrintsItsAddress() async throws {
      let sluice = try await SluiceOnTerminal(columns: 220)
      defer { sluice.close() }
      try await sluice.run(".increment")
      let screen = try await sluice.run("ui")
      let line = try #require(screen.lines.last { $0.hasPrefix(Self.announcement) }, "\(screen)")
      let address = String(line.dropFirst("the session's timeline: ".count)).trimmingCharacters(in: .whitespaces)
      #expect(try await Self.pageAnswers(at: address))
      let again = try await sluice.run("ui")
      #expect(again.lines.filter { $0.hasPrefix(Self.announcement) }.count == 2)
      #expect(again.lines.last { $0.hasPrefix(Self.announcement) } == line, "a second `ui` gives the same address")
    }

    @Test func serveOnATerminalPrintsTheAddressBeforeThePrompt() async throws {
      let sluice = try await SluiceOnTerminal(["serve", "counter"], columns: 220)
      defer { sluice.close() }
      let line = try #require(sluice.terminal.screen.lines.first { $0.hasPrefix(Self.announcement) })
      let address = String(line.dropFirst("the session's timeline: ".count)).trimmingCharacters(in: .whitespaces)
      #expect(try await Self.pageAnswers(at: address))
      #expect(sluice.terminal.screen.cursorLine.hasPrefix("(sluice counter)"))
    }
  }
}
