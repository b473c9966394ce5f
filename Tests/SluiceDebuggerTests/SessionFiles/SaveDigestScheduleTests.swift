import ExampleFeatures
import Foundation
import Sluice
import SluiceReporting
import Testing

@testable import SluiceDebugger

/// `save` digests a growing state at a cost linear in the log, on the schedule load checks
/// it by, and the log still reads files that have a digest after every entry.
@MainActor
@Suite("Save digests on a linear schedule")
struct SaveDigestScheduleTests {
  /// The saved log's entries, each as its nine fields.
  private func savedEntries(at path: String) throws -> [[Substring]] {
    let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))
    let log = try #require((object as? [String: Any])?["log"] as? String)
    return log.split(separator: " ").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
  }

  /// After entry `n` the Todos state holds `n` items: digesting it costs about `n` items'
  /// words. Digesting after every entry costs N²/2 items in all; a linear schedule a small
  /// multiple of N.
  @Test func savingAGrowingListDigestsAboutAConstantAmountPerEntry() throws {
    let folder = try TemporaryFolder()
    let path = folder.url.appendingPathComponent("todos.json").path
    let session = try makeDebugger().use("todos")
    let count = 1_000
    for number in 1...count { session.running.type(".add(title: \"item \(number)\")") }

    try session.files.save(to: path)

    let entries = try savedEntries(at: path)
    try #require(entries.count == count)
    #expect(entries.allSatisfy { $0.count == 9 })
    let digested = entries.indices.filter { !entries[$0][8].isEmpty }
    let itemsDigested = digested.reduce(0) { $0 + $1 + 1 }
    #expect(itemsDigested <= 64 * count, "\(digested.count) states digested, \(itemsDigested) items in all")
    #expect(digested.last == count - 1, "the last entry always has a digest")
    let report = try makeDebugger().use("todos").files.load(from: path)
    #expect(report.replayedCount == count)
    #expect(report.divergence == nil)
  }

  /// Files saved before the schedule have a digest after every entry; newer ones leave the
  /// field empty where no state was digested. Both read, and write back as they were.
  @Test func theLogReadsEntriesWithAndWithoutADigest() throws {
    let everyEntry = "0,0,1,,1,0,5,0,00000000000000ff 1,0,2,1,1,1,6,1,0123456789abcdef"
    let someEntries = "0,0,1,,1,0,5,0, 1,0,2,1,1,1,6,1,0123456789abcdef 0,1,3,,3,0,-7,0,"
    for text in [everyEntry, someEntries] {
      #expect(try EntryLog(parsing: text).text == text)
    }
  }

  /// Rewrites the log of the Todos session at `path` with a digest after every entry, as
  /// files were saved before the schedule.
  private func digestingEveryEntry(_ path: String) throws {
    let url = URL(fileURLWithPath: path)
    var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    let decoder = JSONDecoder()
    var state = try decoder.decode(
      ExampleFeatures.Todos.State.self, from: JSONSerialization.data(withJSONObject: object["initialState"] as Any))
    let actions = try decoder.decode(
      [ExampleFeatures.Todos.Action].self, from: JSONSerialization.data(withJSONObject: object["actions"] as Any))
    var log = try EntryLog(parsing: try #require(object["log"] as? String))
    for offset in log.entries.indices {
      if !log.entries[offset].isSkipped {
        _ = ExampleFeatures.Todos().reduce(into: &state, action: actions[log.entries[offset].action])
      }
      log.entries[offset].stateDigest = try StateDigest.of(state)
    }
    object["log"] = log.text
    try JSONSerialization.data(withJSONObject: object).write(to: url)
  }

  /// Where the file has a digest after every entry, the entry named is exact.
  @Test func aFileWithADigestAfterEveryEntryNamesTheExactEntry() throws {
    let folder = try TemporaryFolder()
    let path = folder.url.appendingPathComponent("todos.json").path
    try ToggledTodos.save(to: path)
    try digestingEveryEntry(path)

    let divergence = try #require(try ToggledTodos.changedSession().files.load(from: path).divergence)

    #expect(divergence.index == 38)
    #expect(divergence.earliestIndex == 38)
    #expect(divergence.action == ".toggle(id: 37)")
  }

  /// Where the saved digests are sparse, the first differing one is named, with the range
  /// since the last matching one; the diverging entry is in it.
  @Test func aFileWithSparseDigestsNamesTheRangeTheDivergenceIsIn() throws {
    let folder = try TemporaryFolder()
    let path = folder.url.appendingPathComponent("todos.json").path
    try ToggledTodos.save(to: path)
    let entries = try savedEntries(at: path)
    let digested = Set(entries.indices.filter { !entries[$0][8].isEmpty }.map { $0 + 1 })

    let report = try ToggledTodos.changedSession().files.load(from: path)
    let divergence = try #require(report.divergence)

    #expect((divergence.earliestIndex...divergence.index).contains(38))
    #expect(divergence.earliestIndex < divergence.index, "a 400-item state is not digested after every entry")
    let lines = TextRenderer().lines(for: .loaded(path: path, report))
    #expect(lines.contains { $0.contains("or earlier, from #\(divergence.earliestIndex)") }, "\(lines)")
    #expect(digested.contains(divergence.index), "the entry named has a digest in the file")
    #expect(digested.contains(divergence.earliestIndex - 1), "the one before the range has a digest that matched")
    #expect(!digested.contains { $0 >= divergence.earliestIndex && $0 < divergence.index })
  }
}
