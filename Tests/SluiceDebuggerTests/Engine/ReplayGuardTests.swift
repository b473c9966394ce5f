import Sluice
import Testing

@testable import SluiceDebugger

/// Recording refuses to run while history replays through the reducer; the guard is what
/// tells it so.
@Suite struct ReplayGuardTests {
  @Test func theFlagIsSetOnlyWhileTheGuardedReducerRuns() {
    let replay = ReplayGuard()
    var seenInside: [Bool] = []
    let reduce = replay.guarding { (state: inout Int, action: Int) -> Effect<Int> in
      seenInside.append(replay.isReplaying)
      state += action
      return .none
    }
    #expect(!replay.isReplaying)
    var state = 0
    _ = reduce(&state, 2)
    _ = reduce(&state, 3)
    #expect(state == 5)
    #expect(seenInside == [true, true])
    #expect(!replay.isReplaying)
  }

  @Test func aNestedReplayLeavesTheFlagSetForTheOuterOne() {
    let replay = ReplayGuard()
    let inner = replay.guarding { (state: inout Int, action: Int) -> Effect<Int> in
      state += action
      return .none
    }
    var afterInner: Bool?
    let outer = replay.guarding { (state: inout Int, action: Int) -> Effect<Int> in
      _ = inner(&state, action)
      afterInner = replay.isReplaying
      return .none
    }
    var state = 0
    _ = outer(&state, 1)
    #expect(afterInner == true)
    #expect(!replay.isReplaying)
  }
}
