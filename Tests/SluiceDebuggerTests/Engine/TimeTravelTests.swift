import ExampleFeatures
import Sluice
import SluiceDebugger
import Testing

@MainActor
@Suite struct TimeTravelTests {
  private let actions: [ExampleFeatures.Counter.Action] = [.increment, .increment, .setStep(10), .increment, .decrement]
  private let texts = [".increment", ".increment", ".setStep(10)", ".increment", ".decrement"]

  /// What the reducer alone makes of `actions`, minus those at the skipped 1-based indices.
  private func replay(upTo count: Int, skipping skipped: Set<Int> = []) -> ExampleFeatures.Counter.State {
    var state = ExampleFeatures.Counter.State()
    for (offset, action) in actions.prefix(count).enumerated() where !skipped.contains(offset + 1) {
      _ = ExampleFeatures.Counter().reduce(into: &state, action: action)
    }
    return state
  }

  private func makeSession() throws -> any DebugSession {
    let session = try makeDebugger().use("counter")
    for text in texts { session.running.type(text) }
    return session
  }

  @Test func jumpShowsTheStateAfterAnEntryAndKeepsHistory() throws {
    let session = try makeSession()

    for index in 0...texts.count {
      try session.timeTravel.jump(to: index)
      #expect(session.inspection.rendered("count") == "\(replay(upTo: index).count)")
      #expect(session.inspection.rendered("step") == "\(replay(upTo: index).step)")
    }
    try session.timeTravel.jump(to: 2)
    #expect(session.inspection.history(last: nil).count == texts.count)
    #expect(throws: DebugError.self) { try session.timeTravel.jump(to: 99) }
  }

  @Test func sendingAfterAJumpForksHistoryThere() throws {
    let session = try makeSession()

    try session.timeTravel.jump(to: 2)
    session.running.type(".decrement")

    #expect(session.inspection.history(last: nil).map(\.action) == [".increment", ".increment", ".decrement"])
    #expect(session.inspection.rendered("count") == "1")
  }

  @Test func toggleSkipsAnActionAndRecomputesLaterStatesWithTheReducerAlone() throws {
    let session = try makeSession()

    #expect(try session.timeTravel.toggle(3))
    #expect(session.inspection.rendered("count") == "\(replay(upTo: 5, skipping: [3]).count)")
    #expect(session.inspection.history(last: nil)[2].isSkipped)
    try session.timeTravel.jump(to: 4)
    #expect(session.inspection.rendered("count") == "\(replay(upTo: 4, skipping: [3]).count)")
    try session.timeTravel.jump(to: 5)

    #expect(try session.timeTravel.toggle(3) == false)
    #expect(session.inspection.rendered("count") == "\(replay(upTo: 5).count)")
  }

  @Test func resetReturnsToTheBaseAndCommitMovesTheBase() throws {
    let session = try makeSession()
    let current = replay(upTo: 5)

    session.timeTravel.commit()
    #expect(session.inspection.history(last: nil).isEmpty)
    session.running.type(".increment")
    session.timeTravel.reset()
    #expect(session.inspection.rendered("count") == "\(current.count)")
    #expect(session.inspection.history(last: nil).isEmpty)

    let fresh = try makeSession()
    fresh.timeTravel.reset()
    #expect(fresh.inspection.rendered("count") == "0")
  }

  @Test func historyAnswersWhichActionChangedAPath() throws {
    let session = try makeDebugger(diff: .off).use("counter")
    for text in texts { session.running.type(text) }

    #expect(try session.inspection.entries(changing: "step").map(\.index) == [3])
    #expect(try session.inspection.entries(changing: "count").map(\.index) == [1, 2, 4, 5])
    #expect(session.inspection.entries(matchingCase: "set*").map(\.index) == [3])
    let diff = try session.inspection.diff(from: 1, to: 4)
    #expect(Set(diff.changedPaths.map(\.description)) == ["count", "step"])
  }
}
