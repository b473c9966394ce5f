import Foundation
import Sluice
import Testing

@testable import SluiceAgent
@testable import SluiceAgentTransport

/// A counter the tests' program keeps.
private struct Taps: Reducer {
  struct State: Codable, Equatable, Sendable {
    var count = 0
  }

  enum Action: Codable, Sendable {
    case tap
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.count += 1
    return .none
  }
}

/// A flight recording is one of the user's sessions: named as one, carrying the feature the
/// program registered its store as, and opened by the command it prints.
@MainActor
@Suite struct FlightRecordingFileTests {
  @Test func aRecordingIsASessionFileOfTheRegisteredFeature() async throws {
    let folder = try TemporaryFolder()
    var configuration = AgentConfiguration()
    configuration.environment = folder.environment
    configuration.programName = "shop"
    let agent = try await SluiceAgent.start(
      configuration, flightRecorder: FlightRecorder(in: folder.path, debugger: "swift run shop-debugger"))
    defer { Task { await agent.stop() } }
    let store = Store(initialState: Taps.State(), reducer: Taps())
    try agent.attach(store, as: "taps", feature: "tap-counter")
    store.send(.tap)

    let paths = try agent.writeFlightRecordings()
    let path = try #require(paths.first)
    let name = URL(fileURLWithPath: path).lastPathComponent
    #expect(name.hasPrefix("shop-taps-request-"))
    #expect(name.hasSuffix("-1.sluice-session"))
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text.contains(#""feature":"tap-counter""#))
  }

  @Test func theCommandPrintedOpensTheRecordingInTheUsersDebugger() {
    let recorder = FlightRecorder(in: "/tmp", debugger: "swift run shop-debugger")
    #expect(recorder.openingCommand(for: "/tmp/shop-taps-1.sluice-session") == "swift run shop-debugger --load /tmp/shop-taps-1.sluice-session")
    #expect(recorder.openingCommand(for: "/tmp/my recs/it's.sluice-session") == #"swift run shop-debugger --load '/tmp/my recs/it'\''s.sluice-session'"#)
    #expect(FlightRecorder(in: "/tmp").openingCommand(for: "/tmp/a.sluice-session") == "sluice --load /tmp/a.sluice-session")
  }
}
