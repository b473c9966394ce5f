import Foundation
import Testing

@testable import SluiceDebugger

/// A session file's breakpoints: the `kind` strings files already saved use, and the one
/// command each is written back as.
@Suite struct SavedBreakpointTests {
  private static func breakpoints() throws -> [Breakpoint] {
    [
      Breakpoint(id: 1, kind: .action(pattern: "add", condition: try StateCondition(parsing: "count > 1"))),
      Breakpoint(id: 2, kind: .action(pattern: "remove", condition: nil), isOneShot: true),
      Breakpoint(id: 3, kind: .watch(path: try StatePath(parsing: "items[0].name"))),
      Breakpoint(id: 4, kind: .cycle),
      Breakpoint(id: 5, kind: .job(pattern: "search*"), isOneShot: true),
    ]
  }

  @Test func kindsKeepTheirJSONSpelling() throws {
    let saved = try Self.breakpoints().map(SavedBreakpoint.init)
    let kinds = try saved.map { breakpoint in
      let object = try JSONSerialization.jsonObject(with: try JSONEncoder().encode(breakpoint)) as? [String: Any]
      return object?["kind"] as? String
    }
    #expect(kinds == ["action", "action", "watch", "cycle", "job"])
  }

  @Test func eachBreakpointIsWrittenAsTheCommandThatMakesIt() throws {
    let commands = try Self.breakpoints().map { SavedBreakpoint($0).command }
    #expect(commands == ["break add if count > 1", "tbreak remove", "watch items[0].name", "break cycle", "tbreak job search*"])
  }

  @Test func aSavedBreakpointRebuildsTheKindItWasSavedFrom() throws {
    let breakpoints = try Self.breakpoints()
    let decoded = try JSONDecoder().decode(
      [SavedBreakpoint].self, from: try JSONEncoder().encode(breakpoints.map(SavedBreakpoint.init)))
    #expect(try decoded.map { try $0.rebuiltKind() } == breakpoints.map(\.kind))
  }
}
