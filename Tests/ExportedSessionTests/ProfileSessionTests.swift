// Exported by sluice on 2026-11-28 from a debugging session of the feature 'profile':
// its 5 actions, replayed with TestStore.
import ExampleRegistry
import Foundation
import Sluice
import SluiceDebuggerTesting
import SluiceTesting
import Testing

@testable import ExampleFeatures

@MainActor
@Suite struct ProfileSessionTests {
  @Test func replaysTheSession() async throws {
    let clock = ManualClock()
    let store: TestStore<Profile.State, Profile.Action> = try TestStore(
      feature: "profile", in: exampleFeatures, clock: clock)

    await store.send(.appeared) {
      $0.profile = .loading(previous: nil)
    }

    await store.advance(by: .milliseconds(300))
    await store.receive(.loaded(.success("Ada Lovelace"))) {
      $0.profile = .loaded("Ada Lovelace")
      $0.draftName = "Ada Lovelace"
    }

    await store.send(.binding(.set(\.draftName, "Ada"))) {
      $0.draftName = "Ada"
    }

    await store.advance(by: .seconds(2))
    await store.receive(.save) {
      $0.operations.inFlight = [.save: 1]
    }

    await store.advance(by: .milliseconds(300))
    await store.receive(.saved(.success("Ada"))) {
      $0.operations.inFlight = [:]
      $0.savedCount = 1
    }

    await store.finish()
  }
}
