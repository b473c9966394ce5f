import Sluice
import Testing

@testable import SluiceDebugger

/// The recorder decides and returns what its session must do; it holds nothing of the
/// session, and what it changes it keeps consistent by itself (a fork, reductions kept).
@MainActor
@Suite struct RecorderTests {
  struct State: Codable, Equatable, Sendable {
    var count = 0
  }

  enum Action: Codable, Sendable {
    case add(Int)
  }

  static func recorder() -> Recorder<State, Action> {
    let history = History<State, Action>(base: State(), limit: 100) { state, step, _ in
      if case .action(.add(let amount)) = step { state.count += amount }
      return .none
    }
    return Recorder(
      options: SessionOptions(usesVirtualClock: true, diffDisplay: .off), timeline: Timeline(history: history),
      replayGuard: ReplayGuard(), manualClock: ManualClock(), tape: nil, describer: EntryDescriber(for: Action.self),
      describeEntry: { recorder, index in recorder.record(at: index) })
  }

  static func context(_ sequence: UInt64) -> ActionContext {
    ActionContext(sequence: sequence, parent: nil, root: sequence, depth: 0, origin: .external)
  }

  static func record(_ amount: Int, _ sequence: UInt64, to count: Int, in recorder: Recorder<State, Action>)
    -> Recorder<State, Action>.FollowUp
  {
    recorder.record(
      .add(amount), context: context(sequence), oldState: nil, newState: State(count: count), nanoseconds: 0,
      reduceNanoseconds: 0)
  }

  @Test func recordingAsksForWatchpointChecksOnlyWhileThereAreBreakpoints() {
    let recorder = Self.recorder()
    #expect(Self.record(1, 1, to: 1, in: recorder) == .none)
    _ = recorder.breakpointList.add(.watch(path: StatePath([.property("count")])))
    #expect(Self.record(2, 2, to: 3, in: recorder) == .checkWatchpoints(after: 2))
  }

  @Test func recordingAfterAJumpForksAndStillReportsTheReductionsItDropped() {
    let recorder = Self.recorder()
    for sequence in 1...3 { _ = Self.record(1, UInt64(sequence), to: sequence, in: recorder) }
    #expect(recorder.travel(to: 1))
    _ = Self.record(10, 4, to: 11, in: recorder)
    let events = recorder.takeEvents()
    let reduced = events.compactMap { event -> String? in
      guard case .reduced(let record, _, _) = event else { return nil }
      return "#\(record.index) \(record.action)"
    }
    // Entries 2 and 3 were gone when the events were taken: kept before the fork.
    #expect(reduced == ["#1 .add(1)", "#2 .add(1)", "#3 .add(1)", "#2 .add(10)"])
    #expect(events.contains { if case .forked(at: 1, dropped: 2...3) = $0 { true } else { false } })
    #expect(recorder.timeline.history.lastIndex == 2)
  }

  @Test func aRewriteKeepsTheReductionsNotYetTakenFirst() {
    let recorder = Self.recorder()
    for sequence in 1...2 { _ = Self.record(1, UInt64(sequence), to: sequence, in: recorder) }
    recorder.rewriteTimeline { $0.restart(from: State(count: 7)) }
    let reduced = recorder.takeEvents().compactMap { event -> Int? in
      guard case .reduced(let record, _, _) = event else { return nil }
      return record.index
    }
    #expect(reduced == [1, 2])
    #expect(recorder.timeline.history.isEmpty)
  }

  @Test func aSmallerHistoryLimitStillReportsTheReductionsItFolds() throws {
    let session = try makeDebugger(diff: .off).use("counter")
    for _ in 1...100 { session.running.type(".increment") }
    session.inspection.historyLimit = 1
    let reduced = reductions(in: session.inspection.takeEvents())
    #expect(reduced.map(\.index) == Array(1...100))
    #expect(session.inspection.history(last: nil).count < 100)
  }

  /// With a history longer than the events that may wait, a session nobody takes events
  /// from drops them before their entries fold: none is ever copied.
  @Test func untakenReductionsAreDroppedBeforeTheirEntriesFold() throws {
    let session = try makeDebugger(diff: .off, historyLimit: EventLog.waitingLimit).use("counter")
    let probe = try #require(session as? any RecorderProbe)
    let count = EventLog.waitingLimit + 200
    for _ in 1...count { session.running.type(".increment") }
    #expect(probe.keptReductionCount == 0)
    let events = session.inspection.takeEvents()
    let reduced = reductions(in: events)
    #expect(reduced.last?.index == count)
    guard case .eventsDropped(let dropped)? = events.first else {
      Issue.record("the first event is not the count of those dropped")
      return
    }
    #expect(dropped + reduced.count >= count)
  }

  @Test func theRecorderHoldsNothingOfItsSession() throws {
    let session = try makeDebugger().use("counter")
    let probe = try #require(session as? any RecorderProbe)
    let held = probe.recorderPropertyTypes
    #expect(!held.isEmpty)
    #expect(held.allSatisfy { !$0.contains("Session<") }, "the recorder holds \(held)")
  }
}

/// Reads what a session's recorder holds.
@MainActor
protocol RecorderProbe {
  var recorderPropertyTypes: [String] { get }
  var keptReductionCount: Int { get }
}

extension LoadedSession: RecorderProbe {
  var recorderPropertyTypes: [String] {
    Mirror(reflecting: session.recorder).children.map { String(describing: Swift.type(of: $0.value)) }
  }

  var keptReductionCount: Int { session.recorder.events.keptCount }
}
