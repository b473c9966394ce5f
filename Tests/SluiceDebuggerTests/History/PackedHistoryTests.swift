import Sluice
import Testing

@testable import SluiceDebugger

/// The history stores entries packed; every field must read back exactly as recorded,
/// including the numbers too wide for the packed fields.
@Suite struct PackedHistoryTests {
  enum Action: Sendable, Equatable {
    case add(Int)
    case reset
  }

  typealias Counter = History<Int, Action>

  static func history(limit: Int = 100) -> Counter {
    Counter(base: 0, limit: limit) { state, step, _ in
      switch step {
      case .action(.add(let amount)): state += amount
      case .action(.reset): state = 0
      case .edit(let edit): state = Int(edit.valueText) ?? state
      }
      return .none
    }
  }

  static func entry(
    _ index: Int, _ action: Action, origin: EntryOrigin = .script, context: ActionContext,
    time: Duration = .nanoseconds(1_234_567_891), reduce: Duration = .nanoseconds(987),
    paths: [StatePath]? = nil
  ) -> Counter.Entry {
    Counter.Entry(
      index: index, action: .action(action), origin: origin, context: context, time: time, reduceDuration: reduce,
      changedPaths: paths)
  }

  static func context(
    _ sequence: UInt64, parent: UInt64? = nil, root: UInt64? = nil, depth: Int = 0, origin: ActionOrigin = .external
  ) -> ActionContext {
    ActionContext(sequence: sequence, parent: parent, root: root ?? sequence, depth: depth, origin: origin)
  }

  /// The action an entry records, `nil` for an edit.
  static func action(of entry: Counter.Entry) -> Action? {
    guard case .action(let action) = entry.action else { return nil }
    return action
  }

  @Test func anEntryOfASmallActionTakesAtMostSixtyFourBytes() {
    #expect(MemoryLayout<Counter.PackedEntry>.stride <= 64)
  }

  /// Recording copies entries on every action: an entry of an action that is plain data
  /// must be plain data too, copied without retains, although history also keeps edits.
  @MainActor
  @Test func aSessionKeepsEntriesOfPlainActionsAsPlainData() throws {
    let session = try makeDebugger().use("counter")
    let probe = try #require(session as? any EntryLayoutProbe)
    #expect(probe.entriesArePlainData)
  }

  @Test func anEditReadsBackAndReplaysAfterItsNeighboursAreFoldedOrDetached() throws {
    var history = Self.history(limit: 1)
    let edit = StateEdit(path: StatePath([]), literal: .integer("40"), valueText: "40")
    for index in 1...40 {
      let context = Self.context(UInt64(index))
      if index == 35 {
        history.append(
          .edit(edit), context: context, origin: .user, nanoseconds: 0, reduceNanoseconds: 0, changedPaths: nil,
          producing: 40)
      } else {
        history.append(
          .action(.add(1)), context: context, origin: .user, nanoseconds: 0, reduceNanoseconds: 0, changedPaths: nil,
          producing: 0)
      }
    }
    let read = try #require(history.entry(35))
    guard case .edit(let kept) = read.action else {
      Issue.record("entry 35 reads back as \(read.action), not the edit")
      return
    }
    #expect(kept === edit)
    #expect(Self.action(of: try #require(history.entry(36))) == .add(1))
    let detached = history.detach(34...36).entries
    #expect(detached.map(Self.action(of:)) == [.add(1), nil, .add(1)])
    // Folding entry 35 away forgets its edit with it.
    for index in 41...80 {
      history.append(
        .action(.reset), context: Self.context(UInt64(index)), origin: .user, nanoseconds: 0, reduceNanoseconds: 0,
        changedPaths: nil, producing: 0)
    }
    #expect(history.entry(35) == nil)
    #expect(history.edits.isEmpty)
  }

  @Test func everyFieldReadsBackAsRecorded() throws {
    var history = Self.history()
    let recorded = [
      Self.entry(1, .add(3), origin: .user, context: Self.context(10)),
      Self.entry(
        2, .add(-4), origin: .job(kind: "effect", name: "fetch"),
        context: Self.context(11, parent: 10, root: 10, depth: 1, origin: .job(JobID(7))),
        time: .seconds(90_000), reduce: .milliseconds(3), paths: [StatePath([.property("count")])]),
      Self.entry(3, .reset, origin: .effect, context: Self.context(12, parent: 11, root: 10, depth: 2, origin: .effect)),
      // Numbers no store writes, as a hostile or hand-made file may hold: kept exactly.
      Self.entry(4, .add(1), context: Self.context(13, parent: 13, root: 99, depth: Int(UInt32.max) + 5)),
      Self.entry(5, .add(1), context: Self.context(5_000_000_000, parent: 1, root: 1, depth: 3)),
      Self.entry(6, .add(2), origin: .user, context: Self.context(5_000_000_001)),
    ]
    for (offset, entry) in recorded.enumerated() {
      history.append(entry, producing: offset)
    }
    for entry in recorded {
      let read = try #require(history.entry(entry.index))
      #expect(read.index == entry.index)
      #expect(Self.action(of: read) == Self.action(of: entry))
      #expect(read.origin == entry.origin)
      #expect(read.context == entry.context)
      #expect(read.time == entry.time)
      #expect(read.reduceDuration == entry.reduceDuration)
      #expect(read.changedPaths == entry.changedPaths)
      #expect(read.isSkipped == false)
    }
    #expect(history.entries.map(\.index) == [1, 2, 3, 4, 5, 6])
    #expect(history.index(ofSequence: 12) == 3)
    #expect(history.index(ofSequence: 5_000_000_001) == 6)
    // The state recorded with the last entry, not a recomputation.
    #expect(history.finalState == 5)
  }

  @Test func aReduceDurationPastFourSecondsIsKeptAsTheLongestItCanSay() throws {
    var history = Self.history()
    history.append(Self.entry(1, .reset, context: Self.context(1), reduce: .seconds(10)), producing: 0)
    #expect(try #require(history.entry(1)).reduceDuration == .nanoseconds(UInt32.max))
  }

  @Test func skippingAndForkingKeepTheRestIntact() throws {
    var history = Self.history()
    for index in 1...40 {
      history.append(
        Self.entry(index, .add(index), origin: index.isMultiple(of: 2) ? .user : .script, context: Self.context(UInt64(index))),
        producing: index * (index + 1) / 2)
    }
    history.setSkipped(true, at: 5)
    #expect(try #require(history.entry(5)).isSkipped)
    #expect(try #require(history.entry(6)).isSkipped == false)
    #expect(try #require(history.entry(6)).origin == .user)
    #expect(history.finalState == 40 * 41 / 2 - 5)
    history.setChangedPaths([StatePath([.property("x")])], at: 30)
    history.truncate(after: 20)
    #expect(history.lastIndex == 20)
    #expect(history.entry(30) == nil)
    history.append(Self.entry(21, .reset, context: Self.context(41)), producing: 0)
    #expect(try #require(history.entry(21)).changedPaths == nil)
    #expect(history.finalState == 0)
  }

  @Test func foldingKeepsNumberingAndForgetsWhatLeft() throws {
    var history = Self.history(limit: 10)
    for index in 1...100 {
      history.append(
        Self.entry(
          index, .add(1),
          context: Self.context(UInt64(index), parent: index == 1 ? nil : 0, root: .max, depth: index),
          paths: [StatePath([.property("n\(index)")])]),
        producing: index)
    }
    #expect(history.firstIndex > 1)
    #expect(history.count < 10 + Counter.foldStride)
    #expect(history.unusualLinks.keys.allSatisfy { $0 >= history.firstIndex })
    #expect(history.changedPaths.keys.allSatisfy { $0 >= history.firstIndex })
    let last = try #require(history.entry(100))
    #expect(last.context.parent == 0)
    #expect(last.context.root == .max)
    #expect(history.unusualLinks.isEmpty == false)
    #expect(last.changedPaths == [StatePath([.property("n100")])])
    #expect(history.finalState == 100)
  }
}

/// Reads the layout of what a session's history stores.
@MainActor
protocol EntryLayoutProbe {
  var entriesArePlainData: Bool { get }
}

extension LoadedSession: EntryLayoutProbe {
  var entriesArePlainData: Bool {
    func elementIsPlainData<Entries: Collection>(_ entries: Entries) -> Bool { _isPOD(Entries.Element.self) }
    return _isPOD(Action.self) && elementIsPlainData(session.recorder.timeline.history.packed)
  }
}
