// Exported by sluice on 2026-11-28 from a debugging session of the feature 'journal':
// its 2 actions, replayed with TestStore.
import ExampleRegistry
import Foundation
import Sluice
import SluiceDebuggerTesting
import SluiceTesting
import Testing

@testable import ExampleFeatures

@MainActor
@Suite struct JournalSessionTests {
  @Test func replaysTheSession() async throws {
    let clock = ManualClock()
    let store: TestStore<Journal.State, Journal.Action> = try TestStore(
      feature: "journal", in: exampleFeatures, clock: clock)

    await store.send(.write("Rain")) {
      $0.entries = [
        Journal.Entry(
          id: UUID(uuidString: "00000000-0000-0000-0000-000000000000")!,
          text: "Rain",
          writtenAt: Date(timeIntervalSinceReferenceDate: 0.0),
          mood: 5
        )
      ]
    }

    await store.send(.write("Sun")) {
      $0.entries = [
        Journal.Entry(
          id: UUID(uuidString: "00000000-0000-0000-0000-000000000000")!,
          text: "Rain",
          writtenAt: Date(timeIntervalSinceReferenceDate: 0.0),
          mood: 5
        ),
        Journal.Entry(
          id: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!,
          text: "Sun",
          writtenAt: Date(timeIntervalSinceReferenceDate: 0.0),
          mood: 3
        )
      ]
    }

    await store.advance(by: .seconds(1))

    await store.finish()
  }
}
