import ExampleFeatures
import Foundation
import Sluice
import SluiceDebugger
import Testing

/// Session files that are damaged, hostile or not files at all: each is refused with a
/// message naming the file, and the session is left exactly as it was.
@MainActor
@Suite("Session file input")
struct SessionFileInputTests {
  /// A counter session with history and breakpoints, saved to `counter.json` in `folder`.
  private func savedCounter(in folder: TemporaryFolder) throws -> (DebugSession, String) {
    let path = folder.url.appendingPathComponent("counter.json").path
    let session = try makeDebugger().use("counter")
    for text in [".increment", ".setStep(3)", ".increment"] { session.running.type(text) }
    _ = try session.breakpointControl.addBreakpoint(.action(pattern: "increment", condition: nil), isOneShot: false, ignoreCount: 0)
    _ = try session.breakpointControl.addBreakpoint(
      .action(pattern: "decrement", condition: try StateCondition(parsing: "count > 1")), isOneShot: false,
      ignoreCount: 1)
    _ = try session.breakpointControl.addBreakpoint(.watch(path: try StatePath(parsing: "step")), isOneShot: false, ignoreCount: 0)
    try session.files.save(to: path)
    return (session, path)
  }

  /// The parts of a session a failed load must not touch.
  private func snapshot(_ session: DebugSession) throws -> [String] {
    [try session.inspection.tree(at: "").compactDescription]
      + session.inspection.history(last: nil).map { "#\($0.index) \($0.action) \($0.isSkipped)" }
      + session.breakpointControl.breakpoints.map { "\($0.id): \($0.description)" }
  }

  private func changingBreakpoint(_ position: Int, _ key: String, to value: Any) -> (inout [String: Any]) -> Void {
    { object in
      var breakpoints = object["breakpoints"] as? [[String: Any]] ?? []
      breakpoints[position][key] = value
      object["breakpoints"] = breakpoints
    }
  }

  @Test func everyFailedLoadNamesTheFileAndChangesNothing() throws {
    let folder = try TemporaryFolder()
    let (session, path) = try savedCounter(in: folder)
    session.running.type(".decrement")
    let before = try snapshot(session)

    var bad: [(String, String)] = []  // (path, what the message must say)
    func variant(_ name: String, _ expected: String, _ change: (inout [String: Any]) -> Void) throws {
      let variantPath = folder.url.appendingPathComponent(name).path
      try rewriteSessionFile(path, to: variantPath, change)
      bad.append((variantPath, expected))
    }
    try variant("max-index.json", "firstIndex") { $0["firstIndex"] = Int.max }
    try variant("min-index.json", "firstIndex") { $0["firstIndex"] = Int.min }
    try variant("negative-index.json", "firstIndex") { $0["firstIndex"] = -1 }
    try variant("zero-index.json", "firstIndex") { $0["firstIndex"] = 0 }
    try variant("negative-ignore.json", "ignore count", changingBreakpoint(1, "ignoreCount", to: -1))
    try variant("bad-log.json", "action log") { $0["log"] = "0,0,1,,1,0,0,0,zz" }
    let directory = folder.url.appendingPathComponent("a-folder").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
    bad.append((directory, "directory"))
    let fifo = folder.url.appendingPathComponent("a-fifo").path
    try #require(mkfifo(fifo, 0o600) == 0)
    bad.append((fifo, "not a regular file"))
    bad.append((folder.url.appendingPathComponent("missing.json").path, "No such file"))

    for (badPath, expected) in bad {
      do {
        _ = try session.files.load(from: badPath)
        Issue.record("\(badPath) loaded")
      } catch {
        #expect(error.message.contains(badPath), "\(error.message)")
        #expect(error.message.contains(expected), "\(error.message)")
      }
      #expect(try snapshot(session) == before, "after loading \(badPath)")
    }
  }

  @Test func aBreakpointThatCannotBeRestoredIsReportedAndTheOthersKeepTheirIds() throws {
    let folder = try TemporaryFolder()
    let (_, path) = try savedCounter(in: folder)
    let changed = folder.url.appendingPathComponent("changed.json").path
    try rewriteSessionFile(path, to: changed, changingBreakpoint(1, "condition", to: "count >>> 1"))

    let session = try makeDebugger().use("counter")
    _ = try session.files.load(from: changed)

    #expect(session.breakpointControl.breakpoints.map(\.id) == [1, 3])
    #expect(session.breakpointControl.breakpoints.map(\.description) == ["break on .increment", "watch step"])
    // New breakpoints are numbered after the highest saved one.
    let next = try session.breakpointControl.addBreakpoint(.cycle, isOneShot: false, ignoreCount: 0)
    #expect(next.id == 4)
  }

  /// A kind this Sluice does not make (a later Sluice's) loses that breakpoint, said with its
  /// reason, and nothing else: the history still loads.
  @Test func aBreakpointKindThisSluiceDoesNotMakeIsReportedAndTheRestLoads() throws {
    let folder = try TemporaryFolder()
    let (session, path) = try savedCounter(in: folder)
    let changed = folder.url.appendingPathComponent("unknown-kind.json").path
    try rewriteSessionFile(path, to: changed, changingBreakpoint(1, "kind", to: "thread"))

    let report = try session.files.load(from: changed)
    let lost = try #require(report.unrestoredBreakpoints.first)
    #expect(report.unrestoredBreakpoints.count == 1)
    #expect(lost.reason.contains("unknown breakpoint kind 'thread'"), "\(lost.reason)")
    #expect(lost.breakpoint.contains("kind 'thread'"), "\(lost.breakpoint)")
    #expect(session.breakpointControl.breakpoints.count == 2)
  }

  /// A log point whose printed paths do not parse, or that prints nothing, is reported as not
  /// restored, naming why; the rest loads.
  @Test func aDamagedLogPointIsReportedAndTheRestLoads() throws {
    let folder = try TemporaryFolder()
    let (session, path) = try savedCounter(in: folder)
    for (prints, reason) in [(["count", "cuont["] as Any, "bad path 'cuont['"), ([String]() as Any, "nothing to print")] {
      let changed = folder.url.appendingPathComponent("damaged-trace.json").path
      try rewriteSessionFile(path, to: changed) { object in
        changingBreakpoint(0, "kind", to: "trace")(&object)
        changingBreakpoint(0, "prints", to: prints)(&object)
      }
      let report = try session.files.load(from: changed)
      #expect(report.unrestoredBreakpoints.map(\.reason).first?.contains(reason) == true, "\(report.unrestoredBreakpoints)")
      #expect(report.unrestoredBreakpoints.count == 1)
      #expect(session.breakpointControl.breakpoints.map(\.description) == ["break on .decrement if count > 1, ignoring the next 1", "watch step"])
    }
  }
}

/// `save` writes regular files only: it never replaces a link, a FIFO or a device.
@MainActor
@Suite("Saving over what is not a regular file")
struct SaveTargetTests {
  @Test func saveRefusesToReplaceASymbolicLink() throws {
    let folder = try TemporaryFolder()
    let target = try folder.write("target.txt", "keep me")
    let link = folder.url.appendingPathComponent("link.json").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
    let session = try makeDebugger().use("counter")
    session.running.type(".increment")

    do {
      try session.files.save(to: link)
      Issue.record("saved over a symbolic link")
    } catch {
      #expect(error.message.contains(link))
      #expect(error.message.contains("symbolic link"))
    }
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
    #expect(try String(contentsOfFile: target, encoding: .utf8) == "keep me")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == ["link.json", "target.txt"])
  }

  @Test func saveRefusesToReplaceAFIFOOrAFolder() throws {
    let folder = try TemporaryFolder()
    let fifo = folder.url.appendingPathComponent("fifo").path
    try #require(mkfifo(fifo, 0o600) == 0)
    let directory = folder.url.appendingPathComponent("folder").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
    let session = try makeDebugger().use("counter")

    for path in [fifo, directory] {
      #expect(throws: DebugError.self) { try session.files.save(to: path) }
    }
    var status = stat()
    #expect(lstat(fifo, &status) == 0 && (status.st_mode & S_IFMT) == S_IFIFO)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == ["fifo", "folder"])
  }

  /// A regular file that holds a session is replaced (any other is refused:
  /// `SaveReplacementTests.aSaveRefusesToReplaceAFileOfAnotherKindAndLeavesIt`).
  @Test func saveStillReplacesASessionFile() throws {
    let folder = try TemporaryFolder()
    let path = folder.url.appendingPathComponent("counter.json").path
    let session = try makeDebugger().use("counter")
    try session.files.save(to: path)
    session.running.type(".increment")
    try session.files.save(to: path)
    #expect(try makeDebugger().use("counter").files.load(from: path).replayedCount == 1)
  }
}

/// Loading checks large states at a cost linear in the log, yet still names where replay
/// first differs from the file.
@MainActor
@Suite("Replay checks on large states")
struct LargeReplayCheckTests {
  @Test func theFirstDivergingEntryIsFoundBetweenSampledChecks() throws {
    let folder = try TemporaryFolder()
    let path = folder.url.appendingPathComponent("todos.json").path
    try ToggledTodos.save(to: path)
    let report = try ToggledTodos.changedSession().files.load(from: path)

    // The file has digests after some entries only (SaveDigestScheduleTests): the entry
    // is in the range named, and exact where the file has a digest after every entry.
    let divergence = try #require(report.divergence)
    #expect((divergence.earliestIndex...divergence.index).contains(38))
  }
}
