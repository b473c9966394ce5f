/// Delta debugging's `ddmin` (Zeller and Hildebrandt, "Simplifying and Isolating
/// Failure-Inducing Input", 2002) over the positions of a failing sequence: a subsequence
/// that still fails, from which no single position can be removed without it passing
/// (1-minimal) when the search runs to its end.
///
/// The sequence is cut into `n` chunks; a chunk that fails alone replaces the sequence, else
/// a complement (the sequence without one chunk) that fails does; else the chunks are halved,
/// until they are single positions, whose complements all passing is 1-minimality. Each
/// distinct subsequence is tested once.
package struct DeltaDebugging {
  /// Why the search ended: 1-minimal, out of budget, or interrupted, as `shrink` answers.
  package typealias Stop = Shrinking.Stop

  /// What a test found about a subsequence.
  package enum Verdict: Sendable {
    /// It still fails.
    case fails
    /// It does not.
    case passes
    /// Interrupted before it ran: stop with what is known.
    case interrupted
  }

  /// The search's result.
  package struct Result: Equatable {
    /// The positions kept, in order.
    package var kept: [Int]
    /// How many subsequences were tested (each distinct one once).
    package var tests: Int
    /// Why it ended.
    package var stop: Stop
  }

  /// The most tests to run.
  package var budget: Int

  /// A search that runs at most `budget` tests.
  package init(budget: Int) {
    self.budget = budget
  }

  /// Minimizes `failing` (positions, in order), which the caller knows fails; `test` runs
  /// one subsequence, and `progress` hears after each test how many ran and how many
  /// positions the smallest failing subsequence has. Runs on the caller's actor, where the
  /// tests run.
  package func minimize(
    _ failing: [Int], test: ([Int]) async throws(DebugError) -> Verdict,
    progress: (_ tests: Int, _ kept: Int) -> Void = { _, _ in }, isolation: isolated (any Actor)? = #isolation
  ) async throws(DebugError) -> Result {
    var current = failing
    var tests = 0
    var known: [[Int]: Bool] = [:]
    /// Whether `candidate` fails; `nil` when the search must stop.
    func fails(_ candidate: [Int]) async throws(DebugError) -> Bool? {
      if let verdict = known[candidate] { return verdict }
      guard tests < budget else { return nil }
      let verdict = try await test(candidate)
      guard verdict != .interrupted else { return nil }
      tests += 1
      known[candidate] = verdict == .fails
      progress(tests, verdict == .fails ? candidate.count : current.count)
      return verdict == .fails
    }
    func stopped() -> Result { Result(kept: current, tests: tests, stop: tests >= budget ? .budgetSpent : .interrupted) }

    // Nothing at all may fail already (the failure comes from the starting state).
    if !current.isEmpty {
      guard let emptyFails = try await fails([]) else { return stopped() }
      if emptyFails { return Result(kept: [], tests: tests, stop: .minimal) }
    }
    var granularity = 2
    while current.count >= 2 {
      let chunks = Self.split(current, into: granularity)
      var reduced = false
      for chunk in chunks {
        guard let chunkFails = try await fails(chunk) else { return stopped() }
        if chunkFails {
          current = chunk
          granularity = 2
          reduced = true
          break
        }
      }
      // With two chunks each complement is the other chunk, already tested.
      if !reduced, granularity > 2 {
        for skipped in chunks.indices {
          let complement = chunks.enumerated().filter { $0.offset != skipped }.flatMap(\.element)
          guard let complementFails = try await fails(complement) else { return stopped() }
          if complementFails {
            current = complement
            granularity = max(granularity - 1, 2)
            reduced = true
            break
          }
        }
      }
      if !reduced {
        guard granularity < current.count else { break }
        granularity = min(granularity * 2, current.count)
      }
    }
    return Result(kept: current, tests: tests, stop: .minimal)
  }

  /// `positions` cut into `count` chunks of sizes differing by at most one, in order.
  package static func split(_ positions: [Int], into count: Int) -> [[Int]] {
    let size = positions.count / count
    let larger = positions.count % count
    var chunks: [[Int]] = []
    var start = 0
    for chunk in 0..<count {
      let end = start + size + (chunk < larger ? 1 : 0)
      chunks.append(Array(positions[start..<end]))
      start = end
    }
    return chunks.filter { !$0.isEmpty }
  }
}
