import Foundation
import SluiceDebugger
import Testing

/// Version 2 of the session file: distinct actions stored once, the log as compact text.
@MainActor
@Suite struct SessionFileFormatTests {
  @Test func eachDistinctActionIsStoredOnceAndTheLogReplaysInOrder() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("counter.json").path
    let saved = try makeDebugger().use("counter")
    for text in [".increment", ".setStep(3)", ".increment", ".increment", ".setStep(3)", ".decrement"] {
      saved.running.type(text)
    }
    try saved.files.save(to: path)

    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
    #expect(json["version"] as? Int == 4)
    #expect((json["actions"] as? [Any])?.count == 3)
    #expect((json["log"] as? String)?.split(separator: " ").count == 6)

    let restored = try makeDebugger().use("counter")
    let report = try restored.files.load(from: path)
    #expect(report.divergence == nil)
    #expect(restored.inspection.history(last: nil).map(\.action) == saved.inspection.history(last: nil).map(\.action))
    #expect(restored.inspection.rendered("count") == "4")
    #expect(saved.inspection.rendered("count") == "4")
  }

  @Test func aVersionOneFileIsRefusedByNameAndChangesNothing() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("old.json").path
    try #"{"format":"sluice-session","version":1,"feature":"counter","fingerprint":"0","entries":[]}"#
      .write(toFile: path, atomically: true, encoding: .utf8)
    let session = try makeDebugger().use("counter")
    session.running.type(".increment")

    do {
      _ = try session.files.load(from: path)
      Issue.record("a version 1 file loaded")
    } catch {
      #expect(error.message.contains("version 1"))
      #expect(error.message.contains("versions 2 to 4"))
    }
    #expect(session.inspection.rendered("count") == "1")
  }

  @Test func aDamagedLogNamesTheEntryAndChangesNothing() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("counter.json").path
    let saved = try makeDebugger().use("counter")
    for text in [".increment", ".increment", ".increment"] { saved.running.type(text) }
    try saved.files.save(to: path)
    var json = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
    var entries = try #require(json["log"] as? String).split(separator: " ").map(String.init)
    entries[1] = "0,7," + entries[1].split(separator: ",", omittingEmptySubsequences: false).dropFirst(2)
      .joined(separator: ",")
    json["log"] = entries.joined(separator: " ")
    let badOrigin = directory.appendingPathComponent("bad-origin.json").path
    try JSONSerialization.data(withJSONObject: json).write(to: URL(fileURLWithPath: badOrigin))
    entries[1] = "0,0,x"
    json["log"] = entries.joined(separator: " ")
    let badText = directory.appendingPathComponent("bad-text.json").path
    try JSONSerialization.data(withJSONObject: json).write(to: URL(fileURLWithPath: badText))

    let session = try makeDebugger().use("counter")
    session.running.type(".decrement")
    do {
      _ = try session.files.load(from: badOrigin)
      Issue.record("a log naming a missing origin loaded")
    } catch {
      #expect(error.message.contains("entry 2 names origin 7"))
    }
    do {
      _ = try session.files.load(from: badText)
      Issue.record("a log with a bad sequence number loaded")
    } catch {
      #expect(error.message.contains("entry 2 has a bad sequence"))
    }
    #expect(session.inspection.rendered("count") == "-1")
    #expect(session.inspection.history(last: nil).count == 1)
  }
}
