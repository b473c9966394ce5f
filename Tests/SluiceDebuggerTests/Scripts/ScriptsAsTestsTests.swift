import ExampleRegistry
import Foundation
import SluiceDebugger
import SluiceReporting
import SluiceDebuggerTesting
import SluiceTesting
import Testing

/// `SluiceScript`: debugger scripts as Swift Testing tests, failures at the scripts' lines.
@MainActor
@Suite struct ScriptsAsTestsTests {
  /// A folder of scripts written for one test.
  private func folder(_ scripts: [String: String]) throws -> String {
    let path = NSTemporaryDirectory() + "sluice-script-tests-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    for (name, text) in scripts {
      let file = URL(fileURLWithPath: path + "/" + name)
      try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      try text.write(to: file, atomically: true, encoding: .utf8)
    }
    return path
  }

  @Test func aFailingScriptIsReportedAtItsOwnFileLineAndColumn() async throws {
    let folder = try folder([
      "failing.sluice": """
        # fails on purpose: an expectation, then a line that does not parse
        use counter
        .increment
        expect count == 2
        prnt count
        expect count == 1
        """
    ])
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let script = SluiceScript(folder + "/failing.sluice")
    let seen = IssueTally()
    var status: ScriptExitStatus?
    await withKnownIssue {
      status = await script.run(against: exampleFeatures)
    } matching: { issue in
      guard let place = issue.sourceLocation, place.filePath == folder + "/failing.sluice" else { return false }
      let message = issue.comments.map(\.rawValue).joined()
      let expected =
        (place.line == 4 && place.column == 8 && message.contains("expectation failed: count == 2")
          && message.contains("expected: 2") && message.contains("actual:   1"))
        || (place.line == 5 && place.column == 1 && message.contains("unknown command 'prnt'"))
      if expected { seen.note(place.line) }
      return expected
    }
    // The run stopped at the line that does not parse: line 6 never ran.
    #expect(status == .error)
    #expect(seen.lines == [4, 5])
  }

  /// A loop that runs on the real clock until stopped (the header asks for it, with the
  /// cycle detector only warning): the `wait` before `.stop` always times out.
  @Test func aWaitThatTimesOutIsAnIssueNotASilentPass() async throws {
    let folder = try folder([
      "waiting.sluice": """
        # sluice: --real-clock --cycle-policy warn --cycle-limit off --cycle-depth off
        use pingpong
        .ping
        wait 100ms
        .stop
        """
    ])
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let seen = IssueTally()
    var status: ScriptExitStatus?
    await withKnownIssue {
      status = await SluiceScript(folder + "/waiting.sluice").run(against: exampleFeatures)
    } matching: { issue in
      let matches = issue.sourceLocation?.line == 4 && issue.comments.map(\.rawValue).joined().contains("still running")
      if matches { seen.note(4) }
      return matches
    }
    #expect(status == .expectationFailed)
    #expect(seen.lines == [4])
  }

  @Test func aFolderWithoutScriptsIsOneFailingCase() async throws {
    let empty = try folder([:])
    defer { try? FileManager.default.removeItem(atPath: empty) }
    let scripts = SluiceScript.in(empty)
    #expect(scripts.count == 1)
    await withKnownIssue {
      _ = await scripts[0].run(against: exampleFeatures)
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains("holds no .sluice script")
    }
  }

  @Test func theHeaderChoosesTheRealClockAndTheFeature() async throws {
    let folder = try folder([
      "a.sluice": "# sluice: --feature todos --real-clock\nexpect todos.count == 0\n",
      "nested/b.sluice": "use counter\n",
    ])
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let scripts = SluiceScript.in(folder)
    #expect(scripts.map(\.testDescription) == ["a.sluice", "b.sluice"])
    #expect(await scripts[0].run(against: exampleFeatures) == .success)
  }

  @Test func scriptsAreFoundRelativeToTheTestFile() {
    let scripts = SluiceScript.in("../../../Examples/Scripts")
    #expect(scripts.contains { $0.testDescription == "counter.sluice" })
    #expect(scripts.allSatisfy { $0.path.hasSuffix(".sluice") && FileManager.default.fileExists(atPath: $0.path) })
  }
}

/// The lines of the issues a matcher accepted, in order. `@unchecked Sendable` is safe: the
/// one stored `var` is read and written only while `lock` is held.
private final class IssueTally: @unchecked Sendable {
  private let lock = NSLock()
  private var seen: [Int] = []

  func note(_ line: Int) {
    lock.withLock { seen.append(line) }
  }

  var lines: [Int] { lock.withLock { seen } }
}
