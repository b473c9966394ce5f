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
    for text in texts { session.type(text) }
    return session
  }

  @Test func jumpShowsTheStateAfterAnEntryAndKeepsHistory() throws {
    let session = try makeSession()

    for index in 0...texts.count {
      try session.jump(to: index)
      #expect(session.rendered("count") == "\(replay(upTo: index).count)")
      #expect(session.rendered("step") == "\(replay(upTo: index).step)")
    }
    try session.jump(to: 2)
    #expect(session.history(last: nil).count == texts.count)
    #expect(throws: DebugError.self) { try session.jump(to: 99) }
  }

  @Test func sendingAfterAJumpForksHistoryThere() throws {
    let session = try makeSession()

    try session.jump(to: 2)
    session.type(".decrement")

    #expect(session.history(last: nil).map(\.action) == [".increment", ".increment", ".decrement"])
    #expect(session.rendered("count") == "1")
  }

  @Test func toggleSkipsAnActionAndRecomputesLaterStatesWithTheReducerAlone() throws {
    let session = try makeSession()

    #expect(try session.toggle(3))
    #expect(session.rendered("count") == "\(replay(upTo: 5, skipping: [3]).count)")
    #expect(session.history(last: nil)[2].isSkipped)
    try session.jump(to: 4)
    #expect(session.rendered("count") == "\(replay(upTo: 4, skipping: [3]).count)")
    try session.jump(to: 5)

    #expect(try session.toggle(3) == false)
    #expect(session.rendered("count") == "\(replay(upTo: 5).count)")
  }

  @Test func resetReturnsToTheBaseAndCommitMovesTheBase() throws {
    let session = try makeSession()
    let current = replay(upTo: 5)

    session.commit()
    #expect(session.history(last: nil).isEmpty)
    session.type(".increment")
    session.reset()
    #expect(session.rendered("count") == "\(current.count)")
    #expect(session.history(last: nil).isEmpty)

    let fresh = try makeSession()
    fresh.reset()
    #expect(fresh.rendered("count") == "0")
  }

  @Test func historyAnswersWhichActionChangedAPath() throws {
    let session = try makeDebugger(diff: .off).use("counter")
    for text in texts { session.type(text) }

    #expect(try session.entries(changing: "step").map(\.index) == [3])
    #expect(try session.entries(changing: "count").map(\.index) == [1, 2, 4, 5])
    #expect(session.entries(matchingCase: "set*").map(\.index) == [3])
    let diff = try session.diff(from: 1, to: 4)
    #expect(Set(diff.changedPaths.map(\.description)) == ["count", "step"])
  }
}
