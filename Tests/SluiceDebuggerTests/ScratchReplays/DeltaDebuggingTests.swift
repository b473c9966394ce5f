import SluiceDebugger
import Testing

/// `ddmin` over positions, with failures whose causes are known: it finds them, its result is
/// 1-minimal, each distinct subsequence is tested once, and the budget and an interruption
/// end it with a subsequence that still fails.
@MainActor
@Suite struct DeltaDebuggingTests {
  /// Runs the search with `fails` as the test, counting the calls.
  private func minimize(
    _ count: Int, budget: Int = 10_000, interruptAt: Int? = nil, fails: @escaping ([Int]) -> Bool
  ) async throws -> (result: DeltaDebugging.Result, calls: [[Int]]) {
    var calls: [[Int]] = []
    let result = try await DeltaDebugging(budget: budget).minimize(Array(0..<count)) { candidate in
      calls.append(candidate)
      if calls.count == interruptAt { return .interrupted }
      return fails(candidate) ? .fails : .passes
    }
    return (result, calls)
  }

  @Test(arguments: [1, 7, 42, 99, 2024])
  func aHiddenCauseIsFoundExactly(seed: UInt64) async throws {
    var random = SplitMix64(seed: seed)
    let size = random.next(below: 4) + 1
    let cause = Set((0..<size).map { _ in random.next(below: 200) })
    let (result, calls) = try await minimize(200) { Set($0).isSuperset(of: cause) }
    #expect(result.kept == cause.sorted())
    #expect(result.stop == .minimal)
    #expect(result.tests == calls.count)
    #expect(Set(calls).count == calls.count, "a subsequence was tested twice")
  }

  /// A failure that needs enough of the values, whichever: many subsequences fail, and the
  /// one found must still lose the failure when any one position is removed.
  @Test(arguments: [3, 11, 64])
  func theResultIsOneMinimal(seed: UInt64) async throws {
    var random = SplitMix64(seed: seed)
    let values = (0..<200).map { _ in random.next(below: 10) }
    let fails = { (positions: [Int]) in positions.reduce(0) { $0 + values[$1] } >= 40 }
    let (result, _) = try await minimize(200, fails: fails)
    #expect(fails(result.kept))
    #expect(result.stop == .minimal)
    for removed in result.kept.indices {
      var smaller = result.kept
      smaller.remove(at: removed)
      #expect(!fails(smaller), "removing \(result.kept[removed]) still fails: not 1-minimal")
    }
  }

  @Test func theBudgetEndsTheSearchWithAFailingSubsequence() async throws {
    // Nothing fails, the first half does, then its first half: 3 tests, 50 positions left.
    let fails = { (positions: [Int]) in positions.contains(3) }
    let (result, calls) = try await minimize(200, budget: 3, fails: fails)
    #expect(result.stop == .budgetSpent)
    #expect(calls.count == 3)
    #expect(result.kept == Array(0..<50))
  }

  @Test func anInterruptionEndsTheSearchWithTheBestSoFar() async throws {
    let fails = { (positions: [Int]) in positions.contains(3) && positions.contains(150) }
    let (result, calls) = try await minimize(200, interruptAt: 5, fails: fails)
    #expect(result.stop == .interrupted)
    #expect(calls.count == 5)
    #expect(result.tests == 4)
    #expect(fails(result.kept))
  }

  @Test func aFailureWithNoPositionsAtAllKeepsNone() async throws {
    let (result, calls) = try await minimize(50) { _ in true }
    #expect(result.kept.isEmpty)
    #expect(calls == [[]])
  }

  @Test func chunksCoverThePositionsInOrder() {
    #expect(DeltaDebugging.split([1, 2, 3, 4, 5], into: 2) == [[1, 2, 3], [4, 5]])
    #expect(DeltaDebugging.split([1, 2, 3], into: 3) == [[1], [2], [3]])
    #expect(DeltaDebugging.split(Array(0..<10), into: 4).flatMap { $0 } == Array(0..<10))
  }
}
