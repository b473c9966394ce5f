import Sluice
import Testing

@testable import SluiceDebugger

/// A history of a state with a long list keeps patches with few whole states between them:
/// every state read back, in any order, after folds, forks and skips, is the state recorded.
@Suite struct PatchedHistoryTests {
  struct Row: Equatable {
    var id: Int
    var title: String
    var done = false
  }

  struct Rows: Equatable {
    var rows: [Row] = (0..<2_000).map { Row(id: $0, title: "a row with a title of some length \($0)") }
    var selected: Int?
  }

  enum Action: Sendable, Equatable {
    case toggle(Int)
    case append
    case remove(Int)
    case select(Int?)
  }

  typealias RowsHistory = History<Rows, Action>

  static func reduce(_ state: inout Rows, _ action: Action) {
    switch action {
    case .toggle(let index): state.rows[index % state.rows.count].done.toggle()
    case .append: state.rows.append(Row(id: state.rows.count, title: "appended"))
    case .remove(let index): state.rows.remove(at: index % state.rows.count)
    case .select(let index): state.selected = index
    }
  }

  static func history(limit: Int) -> RowsHistory {
    RowsHistory(base: Rows(), limit: limit) { state, step, _ in
      if case .action(let action) = step { reduce(&state, action) }
      return .none
    }
  }

  static func action(_ generator: inout SplitMix64) -> Action {
    switch Int.random(in: 0..<10, using: &generator) {
    case 0: .append
    case 1: .remove(Int.random(in: 0..<2_000, using: &generator))
    case 2: .select(Bool.random(using: &generator) ? nil : Int.random(in: 0..<9, using: &generator))
    default: .toggle(Int.random(in: 0..<2_000, using: &generator))
    }
  }

  /// Records `count` actions; returns the states recorded, by index.
  static func record(
    _ count: Int, into history: inout RowsHistory, from state: Rows, using generator: inout SplitMix64
  ) -> [Int: Rows] {
    var state = state
    var recorded: [Int: Rows] = [:]
    for _ in 0..<count {
      let action = action(&generator)
      reduce(&state, action)
      let index = history.nextIndex
      history.append(
        .action(action), context: ActionContext(sequence: UInt64(index), parent: nil, root: UInt64(index), depth: 0, origin: .external),
        origin: .user, nanoseconds: 0, reduceNanoseconds: 0, changedPaths: nil, producing: state)
      recorded[index] = state
    }
    return recorded
  }

  /// Checks every kept state, in a shuffled order and through a cursor in order.
  static func expectKeptStates(of history: RowsHistory, equal recorded: [Int: Rows], using generator: inout SplitMix64) {
    let kept = Array(history.firstIndex...history.lastIndex)
    for index in kept.shuffled(using: &generator) {
      let matches = history.state(after: index) == recorded[index]
      #expect(matches, "the state after #\(index)")
      if !matches { return }
    }
    var cursor = history.stateCursor
    for index in kept {
      let matches = cursor.state(after: index) == recorded[index]
      #expect(matches, "the cursor's state after #\(index)")
      if !matches { return }
    }
  }

  @Test func keepsPatchesAndFewWholeStates() {
    var generator = SplitMix64(seed: 4601)
    var history = Self.history(limit: 10_000)
    let recorded = Self.record(1_000, into: &history, from: Rows(), using: &generator)
    let whole = history.frames.filter { if case .whole = $0 { true } else { false } }.count
    #expect(whole <= 20, "\(whole) whole states among 1,000 entries")
    Self.expectKeptStates(of: history, equal: recorded, using: &generator)
  }

  @Test func foldsForksAndSkipsKeepEveryStateAsRecorded() {
    var generator = SplitMix64(seed: 4602)
    var history = Self.history(limit: 300)
    var recorded = Self.record(700, into: &history, from: Rows(), using: &generator)
    #expect(history.firstIndex > 1, "the history folded")
    Self.expectKeptStates(of: history, equal: recorded, using: &generator)

    // A fork: the entries after #600 go, and new ones follow from the state after it.
    history.truncate(after: 600)
    #expect(history.finalState == recorded[600])
    recorded.merge(Self.record(150, into: &history, from: recorded[600]!, using: &generator)) { $1 }
    Self.expectKeptStates(of: history, equal: recorded, using: &generator)

    // A skip recomputes the states from the entry on by replay.
    let skipped = history.lastIndex - 100
    history.setSkipped(true, at: skipped)
    var state = history.state(after: skipped - 1)
    var replayed: [Int: Rows] = recorded.filter { $0.key < skipped }
    replayed[skipped] = state
    for index in (skipped + 1)...history.lastIndex {
      if case .action(let action)? = history.entry(index)?.action { Self.reduce(&state, action) }
      replayed[index] = state
    }
    Self.expectKeptStates(of: history, equal: replayed, using: &generator)
    #expect(history.finalState == replayed[history.lastIndex])
  }
}
