import Foundation
import Sluice
import Testing

private struct Offline: Error, CategorizedError {
  var failureCategory: AsyncFailure.Category { .network }
}

/// `AsyncOutcome`: built from a `Result` or a throwing call, applied to `AsyncState` and
/// `OperationTracker` as a `Result` is, and `Codable` where `Result` is not.
@Suite struct AsyncOutcomeTests {
  @Test func anOutcomeKeepsAResultsValueOrItsErrorAsAFailure() throws {
    let success = AsyncOutcome(Result<Int, Offline>.success(3))
    #expect(success == .success(3))
    #expect(success.value == 3)
    #expect(success.failure == nil)
    #expect(try success.get() == 3)

    let failure = AsyncOutcome(Result<Int, Offline>.failure(Offline()))
    #expect(failure.value == nil)
    #expect(failure.failure?.category == .network)
    #expect(failure.result == .failure(AsyncFailure(Offline())))
    #expect(throws: AsyncFailure(Offline())) { try failure.get() }
  }

  @Test func anOutcomeCatchesWhatAnAsyncCallThrows() async {
    let loaded = await AsyncOutcome { try await Self.fetch(fails: false) }
    #expect(loaded == .success(["Ada"]))
    let failed = await AsyncOutcome { try await Self.fetch(fails: true) }
    #expect(failed.failure?.category == .network)
    let cancelled = await AsyncOutcome<Int> { throw CancellationError() }
    #expect(cancelled.failure?.category == .cancelled)
  }

  @Test func anOutcomeFinishesALoadAndAnOperation() {
    var names = AsyncState<[String]>.loaded(["Ada"])
    names.startLoading()
    names.finish(AsyncOutcome<[String]>.failure(AsyncFailure(message: "offline", category: .network)))
    #expect(names == .failed(AsyncFailure(message: "offline", category: .network), previous: ["Ada"]))
    names.finish(AsyncOutcome.success(["Grace"]))
    #expect(names == .loaded(["Grace"]))

    var operations = OperationTracker<String>()
    operations.begin("save")
    operations.finish("save", AsyncOutcome<Int>.failure(AsyncFailure(message: "down", category: .server)))
    #expect(!operations.isRunning("save"))
    #expect(operations.failures["save"]?.category == .server)
    operations.begin("save")
    operations.finish("save", AsyncOutcome.success(1))
    #expect(operations.isIdle)
    #expect(operations.failures.isEmpty)
  }

  @Test(arguments: [
    AsyncOutcome<[Int]>.success([1, 2]), .success([]),
    .failure(AsyncFailure(message: "timed out", category: .timeout)),
  ])
  func anOutcomeRoundTripsThroughCodable(_ outcome: AsyncOutcome<[Int]>) throws {
    let data = try JSONEncoder().encode(outcome)
    #expect(try JSONDecoder().decode(AsyncOutcome<[Int]>.self, from: data) == outcome)
  }

  private static func fetch(fails: Bool) async throws -> [String] {
    if fails { throw Offline() }
    return ["Ada"]
  }
}
