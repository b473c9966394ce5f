import Sluice
import Testing

@testable import SluiceDebugger

/// What waits for clients: reductions by index, copies only of those whose entries go, and
/// at most a bounded number in all.
@Suite struct EventLogTests {
  static func record(_ index: Int, _ action: String) -> HistoryRecord {
    HistoryRecord(
      index: index, action: action, caseName: "add",
      origin: .user, context: ActionContext(sequence: UInt64(index), parent: nil, root: UInt64(index), depth: 0, origin: .external),
      time: .zero, reduceDuration: .zero, changedPaths: nil, isSkipped: false)
  }

  static func reduced(_ events: [DebugEvent]) -> [String] {
    events.compactMap { event in
      guard case .reduced(let record, _, _) = event else { return nil }
      return "#\(record.index) \(record.action)"
    }
  }

  @Test func aFoldKeepsOnlyTheReductionsOfTheEntriesItTakes() {
    var log = EventLog()
    for index in 1...10 { log.emitReduction(index) }
    var copied: [ClosedRange<Int>] = []
    log.keepReductions(through: 4) { run, _ in
      copied.append(run)
      return KeptReductions(count: run.count) { run.map { .reduced(Self.record($0, "kept"), diff: nil) } }
    }
    #expect(copied == [1...4])
    let events = log.take { Self.record($0, "live") }
    #expect(Self.reduced(events) == (1...4).map { "#\($0) kept" } + (5...10).map { "#\($0) live" })
  }

  @Test func aFoldBeforeTheWaitingReductionsCopiesNothing() {
    var log = EventLog()
    for index in 40...50 { log.emitReduction(index) }
    var copied = 0
    log.keepReductions(through: 32) { run, _ in
      copied += run.count
      return KeptReductions(count: run.count) { [] }
    }
    #expect(copied == 0)
    #expect(Self.reduced(log.take { Self.record($0, "live") }).count == 11)
  }

  @Test func pastTheLimitTheOldestAreDroppedAndCounted() {
    var log = EventLog()
    let count = EventLog.waitingLimit + 100
    log.emit(.forked(at: 0, dropped: 1...1))
    for index in 1...count { log.emitReduction(index) }
    let events = log.take { Self.record($0, "live") }
    guard case .eventsDropped(let dropped)? = events.first else {
      Issue.record("the first event is not the count of those dropped: \(String(describing: events.first))")
      return
    }
    let reduced = Self.reduced(events)
    #expect(reduced.count <= EventLog.waitingLimit)
    // Every event is reported or counted, the newest reported, in order.
    #expect(dropped + reduced.count == count + 1)
    #expect(reduced.last == "#\(count) live")
    #expect(reduced.first == "#\(count - reduced.count + 1) live")
  }
}
