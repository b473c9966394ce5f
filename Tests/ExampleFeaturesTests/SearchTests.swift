import ExampleFeatures
import Sluice
import SluiceTesting
import Testing

@MainActor
struct SearchTests {
  let clock = CountingTestClock()
  let client = RecordingSearchClient()

  func makeStore(_ state: Search.State = Search.State()) -> TestStore<Search.State, Search.Action> {
    TestStore(initialState: state, reducer: Search(client: client), clock: clock, timeout: hangGuard)
  }

  @Test func aBurstOfTypingSearchesOnceAfterTheQuietPeriod() async {
    let store = makeStore()

    await store.send(.queryChanged("a")) { $0.query = "a" }
    await clock.waitForSleeps(active: 1)
    await clock.advance(by: .milliseconds(200))
    await store.send(.queryChanged("al")) { $0.query = "al" }
    await clock.waitForSleeps(active: 1, started: 2)
    await clock.advance(by: .milliseconds(200))
    await store.send(.queryChanged("alan")) { $0.query = "alan" }
    await clock.waitForSleeps(active: 1, started: 3)

    // 400 ms since the first keystroke and 299 ms of quiet: no search yet.
    await clock.advance(by: .milliseconds(299))
    #expect(await client.queries == [])
    #expect(store.state.results == .idle)

    await clock.advance(by: .milliseconds(1))
    await store.receive(.search) { $0.results = .loading(previous: nil) }
    await store.receive(.searchResponse(["Alan Turing"])) { $0.results = .loaded(["Alan Turing"]) }
    #expect(await client.queries == ["alan"])
    await store.finish()
  }

  @Test func bindingTheQueryIsTypingIt() async {
    let store = makeStore()

    await store.send(.binding(.set(\.query, "alan"))) { $0.query = "alan" }
    await clock.waitForSleeps(active: 1)
    await clock.advance(by: .milliseconds(300))
    await store.receive(.search) { $0.results = .loading(previous: nil) }
    await store.receive(.searchResponse(["Alan Turing"])) { $0.results = .loaded(["Alan Turing"]) }
    #expect(await client.queries == ["alan"])
    await store.finish()
  }

  @Test func anEmptyQueryClearsResultsWithoutSearching() async {
    let store = makeStore(Search.State(query: "ada", results: .loaded(["Ada Lovelace"])))

    await store.send(.queryChanged("")) {
      $0.query = ""
      $0.results = .idle
    }
    await store.send(.queryChanged("  ")) { $0.query = "  " }
    await clock.advance(by: .seconds(1))
    #expect(await client.queries == [])
    await store.finish()
  }

  @Test func clearingTheQueryCancelsAPendingSearch() async {
    let store = makeStore()

    await store.send(.queryChanged("ada")) { $0.query = "ada" }
    await clock.waitForSleeps(active: 1)
    await clock.advance(by: .milliseconds(200))
    await store.send(.queryChanged("")) { $0.query = "" }
    await clock.waitForSleeps(active: 0)
    await clock.advance(by: .seconds(1))
    #expect(await client.queries == [])
    await store.finish()
  }

  @Test func refreshIsThrottledAndTheTrailingRefreshRunsOnce() async {
    let store = makeStore(Search.State(query: "alan", results: .loaded(["Alan Turing"])))

    // The first refresh of a window searches at once.
    await store.send(.refresh)
    await store.receive(.search) { $0.results = .loading(previous: ["Alan Turing"]) }
    await store.receive(.searchResponse(["Alan Turing"])) { $0.results = .loaded(["Alan Turing"]) }

    // Two more within the window: held back, then run once as one trailing refresh.
    await clock.advance(by: .milliseconds(300))
    await store.send(.refresh)
    await clock.waitForSleeps(active: 1)
    await clock.advance(by: .milliseconds(300))
    await store.send(.refresh)
    await clock.advance(by: .milliseconds(399))
    #expect(await client.queries == ["alan"])

    await clock.advance(by: .milliseconds(1))
    await store.receive(.search) { $0.results = .loading(previous: ["Alan Turing"]) }
    await store.receive(.searchResponse(["Alan Turing"])) { $0.results = .loaded(["Alan Turing"]) }
    #expect(await client.queries == ["alan", "alan"])
    await store.finish()
  }

  @Test func aTrailingRefreshReadsTheQueryWhenItRuns() async {
    let store = makeStore(Search.State(query: "alan", results: .loaded(["Alan Turing"])))

    await store.send(.refresh)
    await store.receive(.search) { $0.results = .loading(previous: ["Alan Turing"]) }
    await store.receive(.searchResponse(["Alan Turing"])) { $0.results = .loaded(["Alan Turing"]) }
    await store.send(.refresh)
    await store.send(.queryChanged("")) {
      $0.query = ""
      $0.results = .idle
    }
    await clock.waitForSleeps(active: 1)

    // The held-back refresh still fires, but finds no query and so searches nothing.
    await clock.advance(by: .seconds(1))
    await store.receive(.search)
    #expect(await client.queries == ["alan"])
    await store.finish()
  }

  @Test func refreshWithoutAQueryDoesNothing() async {
    let store = makeStore()
    await store.send(.refresh)
    await clock.advance(by: .seconds(2))
    #expect(await client.queries == [])
    await store.finish()
  }

  @Test func aFailedSearchKeepsThePreviousResults() async {
    await client.setFailure("Search is down")
    let store = makeStore(Search.State(query: "ada", results: .loaded(["Ada Lovelace"])))
    let failure = AsyncFailure(message: "Search is down")

    await store.send(.search) { $0.results = .loading(previous: ["Ada Lovelace"]) }
    await store.receive(.searchFailed(failure)) {
      $0.results = .failed(failure, previous: ["Ada Lovelace"])
    }
    #expect(store.state.results.value == ["Ada Lovelace"])
    await store.finish()
  }

  @Test func inMemoryClientMatchesIgnoringCase() async throws {
    let client = InMemorySearchClient(names: ["Grace Hopper", "Ada Lovelace", "Tony Hoare"])
    #expect(try await client.search("HO") == ["Grace Hopper", "Tony Hoare"])
    #expect(try await client.search("zz") == [])
  }
}
