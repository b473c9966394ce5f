import Foundation
import Sluice
import Testing

private struct Offline: Error {}

@Suite struct AsyncValueTests {
  @Test func asyncStateKeepsThePreviousValueWhileReloadingAndAfterFailure() {
    var names = AsyncState<[String]>.idle
    #expect(names.value == nil)
    #expect(!names.isLoading)

    names.startLoading()
    #expect(names == .loading(previous: nil))
    names.finish(Result<[String], Offline>.success(["Ada"]))
    #expect(names == .loaded(["Ada"]))

    names.startLoading()
    #expect(names.isLoading)
    #expect(names.value == ["Ada"])
    names.finish(Result<[String], Offline>.failure(Offline()))
    #expect(names.value == ["Ada"])
    #expect(names.failure?.message.contains("Offline") == true)
  }

  @Test func cancellingALoadRestoresWhatCameBefore() {
    var names = AsyncState<[String]>.idle
    names.startLoading()
    names.cancelLoading()
    #expect(names == .idle)

    names.succeed(["Ada"])
    names.startLoading()
    names.cancelLoading()
    #expect(names == .loaded(["Ada"]))
    names.cancelLoading()
    #expect(names == .loaded(["Ada"]))

    names.fail(AsyncFailure(message: "offline"))
    #expect(names == .failed(AsyncFailure(message: "offline"), previous: ["Ada"]))
  }

  @Test func asyncStateRoundTripsThroughCodable() throws {
    let state = AsyncState<[Int]>.failed(AsyncFailure(message: "timeout"), previous: [1, 2])
    let data = try JSONEncoder().encode(state)
    #expect(try JSONDecoder().decode(AsyncState<[Int]>.self, from: data) == state)
  }

  @Test func operationTrackerCountsRunsAndRemembersFailures() {
    enum Operation: Hashable, Sendable, Codable { case load, save }
    var operations = OperationTracker<Operation>()
    #expect(operations.isIdle)

    operations.begin(.load)
    operations.begin(.load)
    operations.begin(.save)
    operations.end(.load)
    #expect(operations.isRunning(.load))
    operations.end(.load)
    #expect(!operations.isRunning(.load))
    operations.end(.save, failure: AsyncFailure(message: "disk full"))
    #expect(operations.isIdle)
    #expect(operations.failures[.save]?.message == "disk full")

    operations.begin(.save)
    #expect(operations.failures[.save] == nil)
  }
}
