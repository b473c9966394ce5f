import SluiceFiles
import Foundation
@testable import SluiceDebugger
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What `save` does to the file it replaces: its mode is kept (from the moment the new file
/// exists), a read-only file is left alone, any legal name can be saved, and a file with
/// other hard links is refused, since the new file would not be theirs.
@MainActor
@Suite("Saves keep what they replace")
struct SaveReplacementTests {
  private func mode(of path: String) -> mode_t {
    var status = stat()
    guard lstat(path, &status) == 0 else { return 0 }
    return status.st_mode & 0o7777
  }

  @Test(arguments: [0o600, 0o640, 0o664] as [mode_t])
  func aSaveKeepsTheModeOfTheFileItReplaces(_ original: mode_t) throws {
    let folder = try TemporaryFolder()
    let path = folder.url.appendingPathComponent("private.json").path
    let session = try makeDebugger().use("counter")
    try session.files.save(to: path)
    try #require(chmod(path, original) == 0)
    session.running.type(".increment")

    try session.files.save(to: path)

    #expect(String(mode(of: path), radix: 8) == String(original, radix: 8))
    #expect(try String(contentsOfFile: path, encoding: .utf8).contains("sluice-session"))
  }

  @Test func aSaveRefusesToReplaceAReadOnlyFileAndLeavesIt() throws {
    let folder = try TemporaryFolder()
    let path = try folder.write("kept.json", "keep me")
    try #require(chmod(path, 0o444) == 0)
    let session = try makeDebugger().use("counter")
    session.running.type(".increment")

    do {
      try session.files.save(to: path)
      Issue.record("saved over a read-only file")
    } catch {
      #expect(error.message.contains(path))
      #expect(error.message.contains("read-only"))
    }
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "keep me")
    #expect(mode(of: path) == 0o444)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["kept.json"])
  }

  /// A mistyped name must not turn another file into a session: only a session file (of any
  /// feature) is replaced, and `save breakpoints` replaces only a script it wrote.
  @Test func aSaveRefusesToReplaceAFileOfAnotherKindAndLeavesIt() throws {
    let folder = try TemporaryFolder()
    let notes = try folder.write("notes.txt", "keep me")
    let session = try makeDebugger().use("counter")
    session.running.type(".increment")

    #expect(throws: DebugError.self) { try session.files.save(to: notes) }
    do {
      try session.files.save(to: notes)
    } catch {
      #expect(error.message.contains(notes), "\(error.message)")
      #expect(error.message.contains("not a session file"), "\(error.message)")
    }
    #expect(throws: DebugError.self) { try BreakpointScript.save([], feature: "counter", to: notes) }
    #expect(try String(contentsOfFile: notes, encoding: .utf8) == "keep me")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["notes.txt"])

    // Another feature's session, and a script `save breakpoints` wrote, are replaced.
    let other = folder.url.appendingPathComponent("other.sluice-session").path
    try makeDebugger().use("todos").files.save(to: other)
    try session.files.save(to: other)
    #expect(try makeDebugger().use("counter").files.load(from: other).replayedCount == 1)
    let script = folder.url.appendingPathComponent("breakpoints.sluice").path
    try BreakpointScript.save([], feature: "counter", to: script)
    try BreakpointScript.save([], feature: "counter", to: script)
    #expect(try String(contentsOfFile: script, encoding: .utf8).hasPrefix("# breakpoints of counter"))
    // An empty file, as `mktemp` makes, holds nothing to lose.
    let empty = try folder.write("empty", "")
    try session.files.save(to: empty)
    #expect(try makeDebugger().use("counter").files.load(from: empty).replayedCount == 1)
  }

  /// NAME_MAX is 255 bytes: the temporary file's name must fit whatever the target's is.
  @Test func aNameOf250BytesCanBeSaved() throws {
    let folder = try TemporaryFolder()
    let name = String(repeating: "s", count: 245) + ".json"
    let path = folder.url.appendingPathComponent(name).path
    let session = try makeDebugger().use("counter")
    session.running.type(".increment")

    try session.files.save(to: path)
    try session.files.save(to: path)

    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == [name])
    let loaded = try makeDebugger().use("counter")
    #expect(try loaded.files.load(from: path).replayedCount == 1)
  }

  /// A save writes a new file and renames it into place, so it is never half written; another
  /// hard link would go on naming the old contents, so a file with other names is refused
  /// and left as it is, with all its names.
  @Test func aSaveRefusesAFileWithOtherHardLinksAndLeavesIt() throws {
    let folder = try TemporaryFolder()
    let path = try folder.write("session.json", "old")
    let link = folder.url.appendingPathComponent("link.json").path
    try #require(Foundation.link(path, link) == 0)
    let session = try makeDebugger().use("counter")
    session.running.type(".increment")

    do {
      try session.files.save(to: path)
      Issue.record("saved over a file with another hard link")
    } catch {
      #expect(error.message.contains(path), "\(error.message)")
      #expect(error.message.contains("1 other name"), "\(error.message)")
    }
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "old")
    #expect(try String(contentsOfFile: link, encoding: .utf8) == "old")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == ["link.json", "session.json"])
  }

  /// The new file is never more readable than the one it replaces, not even for the moment
  /// between its creation and its last write: it is created with its final mode.
  @Test(arguments: [0o600, 0o640] as [mode_t])
  func theNewFileHasTheReplacedFilesModeFromItsCreation(_ original: mode_t) throws {
    let folder = try TemporaryFolder()
    let path = try folder.write("private.json", "old")
    try #require(chmod(path, original) == 0)
    var modes: [String: mode_t] = [:]

    try AtomicFile.save(Array("new".utf8), to: path, replacing: .anyRegularFile) { temporary in modes[temporary] = mode(of: temporary) }

    #expect(modes.count == 1)
    #expect(modes.values.map { String($0, radix: 8) } == [String(original, radix: 8)])
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "new")
  }
}
