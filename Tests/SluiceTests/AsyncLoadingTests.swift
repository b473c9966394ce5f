import Foundation
import Sluice
import SluiceTesting
import Testing

/// `loadIfNeeded`, `reload` and `OperationTracker.run` as effects in a reducer, and the
/// categories of `AsyncFailure`.
@MainActor
@Suite struct AsyncLoadingTests {
  enum APIError: Error, CategorizedError {
    case offline, badRequest
    var failureCategory: AsyncFailure.Category { self == .offline ? .network : .invalidInput }
  }

  struct Profile: Reducer {
    enum Operation: Hashable, Sendable { case save }
    struct State: Equatable, Sendable {
      var name = AsyncState<String>.idle
      var operations = OperationTracker<Operation>()
    }
    enum Action: Equatable, Sendable {
      case appeared, refresh, loaded(Result<String, AsyncFailure>), save, saved(Result<Int, AsyncFailure>)
    }

    let fetch: @Sendable () async throws -> String
    let store: @Sendable () async throws -> Int

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .appeared:
        return state.name.loadIfNeeded(fetch) { .loaded($0) }
      case .refresh:
        return state.name.reload(fetch) { .loaded($0) }
      case .loaded(let result):
        state.name.finish(result)
        return .none
      case .save:
        return state.operations.run(.save, store) { .saved($0) }
      case .saved(let result):
        state.operations.finish(.save, result)
        return .none
      }
    }
  }

  @Test func loadIfNeededLoadsOnceAndReloadKeepsTheValueShown() async {
    let store = TestStore(
      initialState: Profile.State(), reducer: Profile(fetch: { "Ada" }, store: { 1 }), timeout: hangGuard)
    await store.send(.appeared) { $0.name = .loading(previous: nil) }
    await store.receive(.loaded(.success("Ada"))) { $0.name = .loaded("Ada") }
    await store.send(.appeared)  // loaded: nothing to do
    await store.send(.refresh) { $0.name = .loading(previous: "Ada") }
    await store.receive(.loaded(.success("Ada"))) { $0.name = .loaded("Ada") }
    await store.finish()
  }

  @Test func aFailureKeepsItsCategoryAndThePreviousValue() async {
    let store = TestStore(
      initialState: Profile.State(name: .loaded("Ada")),
      reducer: Profile(fetch: { throw APIError.offline }, store: { throw APIError.badRequest }), timeout: hangGuard)
    let offline = AsyncFailure(message: "offline", category: .network)
    await store.send(.refresh) { $0.name = .loading(previous: "Ada") }
    await store.receive(.loaded(.failure(offline))) { $0.name = .failed(offline, previous: "Ada") }
    #expect(store.state.name.failure?.isRetryable == true)
    #expect(store.state.name.failure?.userMessage.contains("offline") == true)

    let badRequest = AsyncFailure(message: "badRequest", category: .invalidInput)
    await store.send(.save) { $0.operations.begin(.save) }
    await store.receive(.saved(.failure(badRequest))) { $0.operations.end(.save, failure: badRequest) }
    #expect(store.state.operations.failures[.save]?.isRetryable == false)
    await store.finish()
  }

  @Test func aRunEndsItsOperation() async {
    let store = TestStore(initialState: Profile.State(), reducer: Profile(fetch: { "" }, store: { 7 }), timeout: hangGuard)
    // The send's assertion holds the operation as running once `.save` is reduced.
    await store.send(.save) { $0.operations.begin(.save) }
    await store.receive(.saved(.success(7))) { $0.operations.end(.save) }
    #expect(store.state.operations.isIdle)
    await store.finish()
  }

  @Test func categoriesComeFromTheError() throws {
    #expect(AsyncFailure(APIError.offline).category == .network)
    #expect(AsyncFailure(CancellationError()).category == .cancelled)
    #expect(AsyncFailure(CocoaLikeError()).category == .unknown)
    #expect(AsyncFailure.Category.allCases.filter(\.isRetryable) == [.network, .timeout, .server])
    // A failure saved before failures had categories reads back as `unknown`.
    let old = try JSONDecoder().decode(AsyncFailure.self, from: Data(#"{"message":"boom"}"#.utf8))
    #expect(old == AsyncFailure(message: "boom"))
    let round = try JSONDecoder().decode(
      AsyncFailure.self, from: JSONEncoder().encode(AsyncFailure(message: "x", category: .timeout)))
    #expect(round.category == .timeout)
  }

  struct CocoaLikeError: Error {}
}
