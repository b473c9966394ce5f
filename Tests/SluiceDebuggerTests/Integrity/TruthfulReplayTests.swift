import ExampleFeatures
import ExampleRegistry
import Foundation
import Sluice
import SluiceDebugger
import Testing

/// Time travel, `toggle`, `save` and `load` show the states a reducer really produced, even
/// when it reads dates, ids and random numbers; and where replay cannot reproduce them, the
/// debugger names the entry and the paths. Each of these failed on b825899, where history
/// recomputed states and save replayed the log for its final state.
@MainActor
@Suite struct TruthfulReplayTests {
  /// The journal (the example registration, `Journal().controlled(by: environment)`): three
  /// entries, each with an id, a date and a random mood, and a save that sleeps 1 s on the
  /// injected clock.
  @Test func everyStateShownIsTheStateRecordedThroughJumpsTogglesSavesAndLoads() async throws {
    let session = try makeDebugger().use("journal")
    var recorded: [Int: String] = [0: session.inspection.rendered("")]
    for text in ["Rain", "Sun", "Snow"] {
      session.running.type(".write(\"\(text)\")")
      recorded[session.inspection.position] = session.inspection.rendered("")
    }
    session.running.type(".save")
    recorded[session.inspection.position] = session.inspection.rendered("")
    #expect(session.inspection.rendered("isSaving") == "true")

    // Virtual time alone moves the save's sleep: `advance` runs it, and the date it stamps
    // follows the session's clock.
    _ = try await session.running.advance(by: .milliseconds(999))
    #expect(session.inspection.rendered("isSaving") == "true")
    _ = try await session.running.advance(by: .milliseconds(1))
    #expect(session.inspection.rendered("isSaving") == "false")
    recorded[session.inspection.position] = session.inspection.rendered("")
    #expect(session.inspection.position == 5)
    #expect(session.inspection.rendered("lastSavedAt") == session.inspection.rendered("lastSavedAt"))
    #expect(session.inspection.rendered("entries[0].id").contains("00000000-0000-0000-0000-000000000000"))
    #expect(session.inspection.rendered("entries[2].id").contains("00000000-0000-0000-0000-000000000002"))

    // Jumping away and back shows what was recorded, at every entry.
    for index in [0, 1, 2, 3, 4, 5, 2, 5] {
      try session.timeTravel.jump(to: index)
      #expect(session.inspection.rendered("") == recorded[index], "jump \(index)")
    }
    // Skipping an entry and restoring it replays the later ones with what they read.
    _ = try session.timeTravel.toggle(2)
    #expect(session.inspection.rendered("entries.count") == "2")
    #expect(session.inspection.rendered("entries[1].text") == "\"Snow\"")
    #expect(session.inspection.rendered("entries[1].id").contains("000000000002"), "Snow keeps the id it read")
    _ = try session.timeTravel.toggle(2)
    for index in 0...5 {
      try session.timeTravel.jump(to: index)
      #expect(session.inspection.rendered("") == recorded[index], "after toggling #2 off and on, jump \(index)")
    }
    #expect(!session.inspection.takeEvents().contains { if case .replayDiverged = $0 { true } else { false } })

    // The saved session loads as it was saved, in a session started later.
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("journal.sluice-session").path
    try session.files.save(to: file)
    let reloaded = try makeDebugger().use("journal")
    _ = try await reloaded.running.advance(by: .seconds(30))
    let report = try reloaded.files.load(from: file)
    #expect(report.divergence == nil)
    #expect(!reloaded.inspection.takeEvents().contains { if case .replayDiverged = $0 { true } else { false } })
    #expect(reloaded.inspection.rendered("") == recorded[5])
    for index in 0...5 {
      try reloaded.timeTravel.jump(to: index)
      #expect(reloaded.inspection.rendered("") == recorded[index], "loaded, jump \(index)")
    }
    #expect(reloaded.inspection.history(last: nil).map(\.reads.count) == [3, 3, 3, 0, 1])
    // New ids go on from the ones loaded.
    try reloaded.timeTravel.jump(to: 5)
    reloaded.running.type(".write(\"Hail\")")
    #expect(reloaded.inspection.rendered("entries[3].id").contains("000000000003"))
  }

  /// A toggle that makes a later entry read what it never read gets a live value for it,
  /// and the log says so.
  @Test func anEntryThatReadsMoreOnReplayReadsItLiveAndIsMarked() throws {
    let session = try makeDebugger().use("journal")
    session.running.type(".write(\"Rain\")")
    session.running.type(".save")
    session.running.type(".saved")
    // Skipping the save: `.saved` read the date before and reads it again, fed back.
    _ = try session.timeTravel.toggle(2)
    #expect(session.inspection.history(last: nil).map(\.readLiveOnReplay) == [false, false, false])
    // Skipping the write: nothing changes what later entries read either.
    _ = try session.timeTravel.toggle(1)
    #expect(session.inspection.history(last: nil).map(\.readLiveOnReplay) == [false, false, false])
  }

  @Test func aReducerThatCallsDateItselfIsNamedOnToggleSaveAndLoad() throws {
    let debugger = Stamps.debugger()
    let session = try debugger.use("stamps")
    session.running.type(".count")
    session.running.type(".stamp")
    _ = session.inspection.takeEvents()

    // Skipping #1 replays #2, which reads the date again.
    _ = try session.timeTravel.toggle(1)
    let onToggle = session.inspection.takeEvents().compactMap { if case .replayDiverged(let d) = $0 { d } else { nil } }
    #expect(onToggle.count == 1)
    #expect(onToggle.first?.index == 2)
    #expect(onToggle.first?.paths.map(\.description) == ["stampedAt?"])
    #expect(onToggle.first?.explanation.contains("`Date()`") == true)
    _ = try session.timeTravel.toggle(1)
    #expect(session.inspection.takeEvents().contains { if case .replayDiverged = $0 { true } else { false } })

    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("stamps.sluice-session").path
    try session.files.save(to: file)
    let onSave = session.inspection.takeEvents().compactMap { if case .replayDiverged(let d) = $0 { d } else { nil } }
    #expect(onSave.map(\.command) == ["save"])
    #expect(onSave.map(\.index) == [2])
    let reloaded = try Stamps.debugger().use("stamps")
    let report = try reloaded.files.load(from: file)
    #expect(report.divergence?.index == 2)
    let onLoad = reloaded.inspection.takeEvents().compactMap { if case .replayDiverged(let d) = $0 { d } else { nil } }
    #expect(onLoad.map(\.index) == [2])
    #expect(onLoad.first?.paths.map(\.description) == ["stampedAt?"])
    #expect(onLoad.first?.explanation.hasPrefix("#2 .stamp produced a different `stampedAt?` on replay (load)") == true)
  }

  /// The state saved is the state on screen, for a reducer replay cannot reproduce.
  @Test func saveWritesTheFinalStateRecordedNotARecomputation() throws {
    let debugger = Stamps.debugger()
    let session = try debugger.use("stamps")
    session.running.type(".ticket")
    session.running.type(".count")
    let shown = session.inspection.rendered("ticket")
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("stamps.sluice-session").path
    try session.files.save(to: file)
    let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any]
    let saved = try #require((json?["finalState"] as? [String: Any])?["ticket"] as? String)
    #expect(shown.contains(saved), "saved \(saved), shown \(shown)")
    try session.timeTravel.jump(to: 0)
    try session.timeTravel.jump(to: 2)
    #expect(session.inspection.rendered("ticket") == shown)
  }
}

/// A parent whose reducer and whose child's reducer both record what they read: the parent's
/// read after the child's reduction belongs to the action too.
@MainActor
@Suite struct NestedRecordingReadsTests {
  struct Parent: Reducer {
    let environment: FeatureEnvironment
    typealias State = [String]
    typealias Action = Bool

    func reduce(into state: inout [String], action: Bool) -> Effect<Bool> {
      _ = Child(environment: environment).recordingReads(in: environment).reduce(into: &state, action: action)
      state.append(environment.uuid().uuidString)
      return .none
    }
  }

  struct Child: Reducer {
    let environment: FeatureEnvironment
    func reduce(into state: inout [String], action: Bool) -> Effect<Bool> {
      state.append(environment.uuid().uuidString)
      return .none
    }
  }

  @Test func readsAfterANestedReductionAreRecordedToo() throws {
    let debugger = Debugger(
      registry: FeatureRegistry([
        Feature("nested", summary: "A parent and a child reading ids", initialState: [String]()) { environment in
          Parent(environment: environment).recordingReads(in: environment)
        }
      ]),
      options: .forTests(usesVirtualClock: true))
    let session = try debugger.use("nested")
    session.running.type("true")
    #expect(session.inspection.history(last: nil).first?.reads.map(\.name) == ["uuid", "uuid"])
  }
}

/// A reducer that reads the date and an id the way the debugger cannot see: `Date()` and
/// `UUID()`.
struct Stamps: Reducer {
  /// A debugger with this feature registered as `stamps`, on virtual time.
  @MainActor
  static func debugger() -> Debugger {
    Debugger(
      registry: FeatureRegistry([
        Feature("stamps", summary: "Stamps with Date() and UUID()", initialState: State()) { _ in Stamps() }
      ]),
      options: .forTests(usesVirtualClock: true))
  }

  struct State: Codable, Equatable, Sendable {
    var stampedAt: Date?
    var ticket: UUID?
    var count = 0
  }

  enum Action: Codable, Sendable {
    case stamp
    case ticket
    case count
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .stamp: state.stampedAt = Date()
    case .ticket: state.ticket = UUID()
    case .count: state.count += 1
    }
    return .none
  }
}
