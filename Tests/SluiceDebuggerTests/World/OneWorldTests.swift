import Foundation
import Sluice
import SluiceDebugger
import SluiceDebuggerTesting
import SluiceTesting
import Testing

/// One session of the order desk (ids, dates and a random number read by its reducer, a
/// stock client whose live value is not its test value, a middleware sleeping on the
/// clock), run hosted, as a `SluiceScript` test and as its exported test replays it through
/// a test store of the feature: the three give the same states, entry by entry.
@MainActor
@Suite struct OneWorldTests {
  /// What the user typed.
  private static let lines = [#".place("apple")"#, "advance 1s", #".place("pear")"#, "advance 1s"]

  /// The typed actions of the entries those lines make, in order.
  private nonisolated static func actions(_ ids: [UUID]) -> [OrderDesk.Action] {
    [.place("apple"), .confirmed(ids[0]), .place("pear"), .confirmed(ids[1])]
  }

  /// The hosted session, and the state after each of its entries.
  private func hosted(_ lines: [String], virtualClock: Bool) async throws -> (records: [HistoryRecord], states: [String]) {
    let session = try Debugger(registry: OrderDesk.registry, options: .forTests(usesVirtualClock: virtualClock))
      .use("order-desk")
    for line in lines {
      if line == "advance 1s" {
        _ = try await session.running.advance(by: .seconds(1))
      } else {
        session.running.type(line)
      }
    }
    var states: [String] = []
    for index in 1...session.inspection.position {
      try session.timeTravel.jump(to: index)
      states.append(session.inspection.rendered(""))
    }
    return (session.inspection.history(last: nil), states)
  }

  /// The session's entries replayed as its exported test replays them: each sent action
  /// sent (with its reads, where the export writes them), each received one received, the
  /// clock advanced to the entry's time.
  private func replayedAsExported(
    _ records: [HistoryRecord], feedingReads: Bool, actions: ([UUID]) -> [OrderDesk.Action] = actions
  ) async throws -> [String] {
    let clock = ManualClock()
    let store: TestStore<OrderDesk.State, OrderDesk.Action> = try TestStore(
      feature: "order-desk", in: OrderDesk.registry, clock: clock, exhaustivity: .off, timeout: hangGuard)
    let ids = try records.filter { $0.origin == .user }.map { record in
      try #require(record.reads.first { $0.name == "uuid" }.flatMap { UUID(uuidString: String($0.json.dropFirst().dropLast())) })
    }
    var time = Duration.zero
    var states: [String] = []
    for (record, action) in zip(records, actions(ids)) {
      if record.time > time {
        await store.advance(by: record.time - time)
        time = record.time
      }
      if record.origin == .user {
        if feedingReads {
          await store.send(action, reading: record.reads)
        } else {
          await store.send(action)
        }
      } else {
        await store.receive(action)
      }
      states.append(ValueTree(reflecting: store.state).compactDescription)
    }
    // A real-clock session's confirmations were still sleeping when it ended.
    await store.skipInFlightEffects()
    await store.finish()
    return states
  }

  @Test func theHostedSessionItsScriptAndItsExportedTestGiveTheSameStates() async throws {
    let (records, states) = try await hosted(Self.lines, virtualClock: true)
    #expect(records.count == 4)
    #expect(states.last?.contains("inStock: 7") == true, "the registration's stock client, not its test value")
    #expect(records.map(\.origin) == [.user, records[1].origin, .user, records[3].origin])

    // As its exported test: a virtual-clock session's reads are the test store's own.
    #expect(try await replayedAsExported(records, feedingReads: false) == states)

    // As a script, under `swift test`: the script saves what it ran, which loads as it ran.
    let folder = try TemporaryFolder()
    let script = folder.url.appendingPathComponent("order-desk.sluice").path
    let saved = folder.url.appendingPathComponent("order-desk.sluice-session").path
    try (["use order-desk"] + Self.lines + ["save \(saved)"]).joined(separator: "\n")
      .write(toFile: script, atomically: true, encoding: .utf8)
    let status = await SluiceScript(script).run(against: OrderDesk.registry)
    #expect(status == .success)
    let loaded = try Debugger(registry: OrderDesk.registry, options: .forTests(usesVirtualClock: true)).use("order-desk")
    let report = try loaded.files.load(from: saved)
    #expect(report.divergence == nil)
    var scripted: [String] = []
    for index in 1...loaded.inspection.position {
      try loaded.timeTravel.jump(to: index)
      scripted.append(loaded.inspection.rendered(""))
    }
    #expect(scripted == states)
  }

  /// On the real clock a test store reads other dates: fed the session's reads, as the
  /// export writes them, it gives the session's states (the confirmation still sleeping).
  @Test func aRealClockSessionReplaysInATestStoreFedItsReads() async throws {
    let (records, states) = try await hosted([#".place("apple")"#, #".place("pear")"#], virtualClock: false)
    #expect(records.count == 2)
    #expect(!records[0].reads.contains(.date(Date(timeIntervalSinceReferenceDate: 0))), "a date of today")
    #expect(
      try await replayedAsExported(records, feedingReads: true) { _ in [.place("apple"), .place("pear")] } == states)
  }
}
