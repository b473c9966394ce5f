import ExampleFeatures
import Sluice
import SluiceTesting
import Testing

@MainActor
struct ProfileTests {
  let clock = ManualClock()

  func makeStore() -> TestStore<Profile.State, Profile.Action> {
    TestStore(
      initialState: Profile.State(), reducer: Profile(api: InMemoryProfileAPI(latency: .milliseconds(300), clock: clock)),
      clock: clock, timeout: hangGuard)
  }

  @Test func theProfileLoadsOnceHowEverOftenTheScreenAppears() async {
    let store = makeStore()
    await store.send(.appeared) { $0.profile = .loading(previous: nil) }
    await store.send(.appeared)
    await clock.waitForSleepers(1)
    clock.advance(by: .milliseconds(300))
    await store.receive(.loaded(.success("Ada Lovelace"))) {
      $0.profile = .loaded("Ada Lovelace")
      $0.draftName = "Ada Lovelace"
    }
    await store.send(.appeared)
    await store.finish()
  }

  @Test func aBurstOfEditsSavesOnceWithTheNewestDraft() async {
    let store = makeStore()
    await store.send(.binding(.set(\.draftName, "Ada"))) { $0.draftName = "Ada" }
    await clock.waitForSleepers(1)
    clock.advance(by: .seconds(1))
    await store.send(.binding(.set(\.draftName, "Ada K."))) { $0.draftName = "Ada K." }
    clock.advance(by: .seconds(1))
    await store.receive(.save) { $0.operations.begin(.save) }
    await clock.waitForSleepers(1)
    clock.advance(by: .milliseconds(300))
    await store.receive(.saved(.success("Ada K."))) { $0.operations.end(.save) }
    #expect(store.state.savedCount == 1)
    await store.finish()
  }

  @Test func aRefreshDropsAPendingAutosave() async {
    let store = makeStore()
    await store.send(.binding(.set(\.draftName, "Grace"))) { $0.draftName = "Grace" }
    await store.send(.refresh) { $0.profile = .loading(previous: nil) }
    await clock.waitForSleepers(1)
    clock.advance(by: .seconds(3))
    await store.receive(.loaded(.success("Ada Lovelace"))) {
      $0.profile = .loaded("Ada Lovelace")
      $0.draftName = "Ada Lovelace"
    }
    #expect(store.state.savedCount == 0)
    await store.finish()
  }
}
