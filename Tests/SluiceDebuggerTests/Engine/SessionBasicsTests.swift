import Sluice
import SluiceDebugger
import Testing

@MainActor
@Suite struct SessionBasicsTests {
  @Test func sendingTextReducesTheActionAndRecordsItInHistory() throws {
    let session = try makeDebugger().use("counter")

    session.running.type(".setStep(5)")
    session.running.type("increment")
    session.running.type(#"{"decrement": {}}"#)

    let records = session.inspection.history(last: nil)
    #expect(records.map(\.action) == [".setStep(5)", ".increment", ".decrement"])
    #expect(records.map(\.index) == [1, 2, 3])
    #expect(records.allSatisfy { $0.origin == .user })
    #expect(records.map(\.changedPaths) == [[try StatePath(parsing: "step")], [try StatePath(parsing: "count")], [try StatePath(parsing: "count")]])
    #expect(session.inspection.rendered("count") == "0")
    #expect(session.inspection.rendered("step") == "5")

    let reduced = reductions(in: session.inspection.takeEvents())
    #expect(reduced.map(\.index) == [1, 2, 3])
    #expect(session.inspection.takeEvents().isEmpty)
    #expect(session.inspection.typeDescription == "Counter.State / Counter.Action")
  }

  @Test func reductionsNotYetTakenAreReportedThoughTheHistoryFoldedThem() throws {
    let session = try makeDebugger(diff: .off, historyLimit: 64).use("counter")

    for _ in 0..<40 { session.running.type("increment") }
    #expect(reductions(in: session.inspection.takeEvents()).map(\.index) == Array(1...40))

    // More than the history keeps, untaken: the entries folded away were described before
    // they went, so every reduction is reported, in order, with its action.
    for _ in 0..<200 { session.running.type("increment") }
    let records = reductions(in: session.inspection.takeEvents())
    #expect(records.map(\.index) == Array(41...240))
    #expect(records.allSatisfy { $0.action == ".increment" })
    #expect(session.inspection.history(last: nil).count <= 64 + 32)
  }

  /// Events nobody takes are bounded: past the limit the oldest are dropped and counted.
  @Test func untakenEventsAreBoundedAndTheDroppedOnesCounted() throws {
    let session = try makeDebugger(diff: .off, historyLimit: 1).use("counter")
    let limit = 10_000  // the described events a session keeps waiting
    let count = limit + 500
    _ = session.inspection.takeEvents()
    for _ in 0..<count { session.running.type("increment") }
    let events = session.inspection.takeEvents()
    guard case .eventsDropped(let dropped)? = events.first else {
      Issue.record("the first event is not the count of those dropped: \(String(describing: events.first))")
      return
    }
    let records = reductions(in: events)
    // Every reduction is either reported or counted (the count may hold other events too,
    // such as a cycle warning).
    #expect(dropped + records.count >= count)
    #expect(dropped + events.count - 1 <= count + 10)
    #expect(records.count <= limit + 64)
    // The newest are kept, in order, up to the last.
    #expect(records.map(\.index) == Array((count - records.count + 1)...count))
    // Taken, the count starts again.
    session.running.type("increment")
    #expect(reductions(in: session.inspection.takeEvents()).map(\.index) == [count + 1])
  }

  @Test func aForkAfterAJumpReportsTheReductionsItReplaced() throws {
    let session = try makeDebugger(diff: .off).use("counter")

    session.running.type("increment")
    session.running.type("decrement")
    try session.timeTravel.jump(to: 1)
    session.running.type(".setStep(3)")  // forks: entry 2 is now the setStep

    let actions = reductions(in: session.inspection.takeEvents()).map(\.action)
    #expect(actions == [".increment", ".decrement", ".setStep(3)"])
  }

  /// Issue 27: after `jump 2`, sending an action dropped #3–#4 without a word.
  @Test func aForkSaysWhichEntriesItDropped() throws {
    let session = try makeDebugger(diff: .off).use("counter")
    for _ in 0..<4 { session.running.type("increment") }
    try session.timeTravel.jump(to: 2)
    _ = session.inspection.takeEvents()
    session.running.type("decrement")
    let events = session.inspection.takeEvents()
    let forks = events.compactMap { if case .forked(let index, let dropped) = $0 { (index, dropped) } else { nil } }
    #expect(forks.map(\.0) == [2])
    #expect(forks.map(\.1) == [3...4])
    // Said before the new entry, which takes number 3.
    guard case .forked = events.first else {
      Issue.record("the fork is not reported first: \(events)")
      return
    }
    #expect(reductions(in: events).map(\.index) == [3])
    // At the present, nothing is dropped and nothing is said.
    session.running.type("increment")
    #expect(!session.inspection.takeEvents().contains { if case .forked = $0 { true } else { false } })
  }

  /// Issue 45: a fork at #0 numbered the new entry after the dropped ones (#3 after #1–#2),
  /// and `jump 1` then named an entry that no longer existed.
  @Test func aForkAtTheBaseNumbersTheNewEntryOne() throws {
    let session = try makeDebugger(diff: .off).use("counter")
    session.running.type("increment")
    session.running.type("increment")
    try session.timeTravel.jump(to: 0)
    _ = session.inspection.takeEvents()
    session.running.type("decrement")
    let events = session.inspection.takeEvents()
    #expect(events.contains { if case .forked(at: 0, dropped: 1...2) = $0 { true } else { false } })
    #expect(reductions(in: events).map(\.index) == [1])
    #expect(session.inspection.history(last: nil).map(\.index) == [1])
    // Entry 1 is the decrement now, and the dropped #2 is out of jump's reach.
    try session.timeTravel.jump(to: 0)
    try session.timeTravel.jump(to: 1)
    #expect(session.inspection.rendered("count") == "-1")
    #expect(throws: DebugError.self) { try session.timeTravel.jump(to: 2) }
    // The next entry continues from there.
    session.running.type("decrement")
    #expect(session.inspection.history(last: nil).map(\.index) == [1, 2])
  }

  /// After the history limit folded entries away, a fork at the base continues the numbering
  /// from the first entry dropped, which the base state follows.
  @Test func aForkAtAFoldedBaseContinuesFromTheFirstEntryDropped() throws {
    let session = try makeDebugger(diff: .off, historyLimit: 1).use("counter")
    for _ in 0..<40 { session.running.type("increment") }
    let first = try #require(session.inspection.history(last: nil).first?.index)
    #expect(first > 1)
    try session.timeTravel.jump(to: 0)
    session.running.type("decrement")
    #expect(session.inspection.history(last: nil).map(\.index) == [first])
    #expect(session.inspection.rendered("count") == "\(first - 2)")
  }

  @Test func aMalformedOrUnknownActionIsRefusedWithWhereAndWhat() throws {
    let session = try makeDebugger().use("counter")

    #expect(throws: DebugError.self) { try session.running.send(".setStep(", origin: .user) }
    do {
      try session.running.send(".setStep(3", origin: .user)
      Issue.record("an unbalanced parenthesis was accepted")
    } catch {
      #expect(error.column != nil)
      #expect(error.message.contains(")"))
    }
    do {
      try session.running.send(".incremnt", origin: .user)
      Issue.record("an unknown case was accepted")
    } catch {
      #expect(error.message.contains("incremnt"))
    }
    #expect(session.inspection.history(last: nil).isEmpty)
  }

  @Test func switchingFeaturesKeepsEachSession() throws {
    let debugger = makeDebugger()
    let counter = try debugger.use("counter")
    counter.running.type(".increment")
    _ = try debugger.use("todos")
    let again = try debugger.use("counter")

    #expect(again === counter)
    #expect(again.inspection.rendered("count") == "1")
    #expect(debugger.loadedFeatures == ["counter", "todos"])
    #expect(throws: DebugError.self) { try debugger.use("countr") }
    do {
      try debugger.use("countr")
    } catch {
      #expect(error.message.contains("did you mean 'counter'"))
    }
  }

  @Test func pathsReachIntoTheState() throws {
    let session = try makeDebugger().use("checkout")
    session.running.type(#".addItem(id: "tea", name: "Tea", priceInCents: 450, quantity: 2)"#)

    #expect(session.inspection.rendered("items[0].name") == #""Tea""#)
    #expect(session.inspection.rendered(#"items[id: "tea"].quantity"#) == "2")
    #expect(session.inspection.rendered("items.count") == "1")
    #expect(try session.inspection.evaluate(StateCondition(parsing: "items.count == 1")))
    do {
      _ = try StateCondition(parsing: "items..x == 1")
      Issue.record("a malformed path was accepted")
    } catch {
      #expect(error.column != nil)
    }
    #expect(throws: DebugError.self) { try session.inspection.tree(at: "items[3]") }
    #expect(throws: DebugError.self) { try session.inspection.tree(at: "nothing") }
  }

  @Test func historyIsBoundedButTheCurrentStateAndRecentDiffsRemain() throws {
    let session = try makeDebugger(diff: .off, historyLimit: 100).use("counter")

    for _ in 0..<1_000 { session.running.type(".increment") }

    let records = session.inspection.history(last: nil)
    #expect(records.count <= 100 + 32)
    #expect(records.last?.index == 1_000)
    #expect(session.inspection.rendered("count") == "1000")
    let (record, diff) = try session.inspection.entry(1_000)
    #expect(record.action == ".increment")
    #expect(diff.changedPaths.map(\.description) == ["count"])
    #expect(throws: DebugError.self) { try session.inspection.entry(5) }
  }
}

@MainActor
@Suite struct SessionDescriptionTests {
  @Test func aScriptableActionIsDescribedToTheShell() throws {
    let session = try makeDebugger().use("counter")
    let description = try #require(session.inspection.actionDescription)
    #expect(description.caseNames == ["increment", "decrement", "setStep", "reset"])
  }
}
