import Dependencies
import Foundation
import Sluice
import SluiceDebugger
import SluiceDebuggerDependencies
import SluiceDependencies
import SluiceReporting
import SluiceDebuggerTesting
import SluiceTesting
import Testing

/// Where the failing test store of these tests writes its session.
private let sessionsFolder = FileManager.default.temporaryDirectory
  .appendingPathComponent("sluice-divergence-cause-tests-\(getuid())").path

/// A divergence names its real cause, each with its own message and fix: a file saved by
/// another version of the feature, a read the debugger does not control (which, at which
/// entry), a test's own dependency override (which key), a class instance in the state. Each
/// of these failed on f36cf13, whose one message blamed uncontrolled reads.
@MainActor
@Suite(.failureSessions(in: sessionsFolder))
struct DivergenceCauseTests {
  @Test func aFileSavedByAnotherVersionOfTheFeatureNamesBothFingerprints() throws {
    let saved = try Debugger(registry: Versioned.registry(version: 1), options: .forTests(usesVirtualClock: true))
      .use("versioned")
    saved.running.type(".add")
    let (file, cleanUp) = try temporarySessionFile()
    defer { cleanUp() }
    try saved.files.save(to: file.path)
    let savedFingerprint = try fingerprint(of: file.path)

    let changed = try Debugger(registry: Versioned.registry(version: 2), options: .forTests(usesVirtualClock: true))
      .use("versioned")
    let report = try changed.files.load(from: file.path)
    #expect(report.typesChanged)
    let divergence = try #require(divergences(in: changed.inspection.takeEvents()).first)
    #expect(divergence.index == 1)
    guard case .changedReducer(let saved, let current) = divergence.cause else {
      Issue.record("the cause is \(divergence.cause), not a changed reducer")
      return
    }
    #expect(saved == savedFingerprint)
    #expect(current != saved)
    #expect(divergence.explanation.contains(current))
    #expect(divergence.explanation.contains("saved by another version of the feature"))
    #expect(divergence.explanation.contains(savedFingerprint))
    #expect(!divergence.explanation.contains("`Date()`"))
  }

  @Test func aReadTheFileDidNotRecordIsNamedWithItsEntry() throws {
    let saved = try Tokens.debugger().use("tokens")
    saved.running.type(".count")
    saved.running.type(".draw")
    let (file, cleanUp) = try temporarySessionFile()
    defer { cleanUp() }
    try saved.files.save(to: file.path)
    // A recording that kept no reads, as an agent's did.
    try rewriteSessionFile(file.path) { $0["reads"] = nil }

    let loaded = try Tokens.debugger().use("tokens")
    _ = try loaded.files.load(from: file.path)
    let divergence = try #require(divergences(in: loaded.inspection.takeEvents()).first)
    #expect(divergence.index == 2)
    #expect(divergence.cause == .uncontrolledRead(entry: 2, action: ".draw", readLive: ["token"], leftUnread: []))
    #expect(divergence.explanation.hasPrefix("#2 .draw produced a different `token?` on replay (load): it read `token` live"))
    #expect(!divergence.explanation.contains("`Date()`"))
  }

  @Test func aReadRecordedUnderAnotherNameIsNamedAsReadLiveAndLeftUnread() throws {
    let saved = try Tokens.debugger().use("tokens")
    saved.running.type(".count")
    saved.running.type(".draw")
    let (file, cleanUp) = try temporarySessionFile()
    defer { cleanUp() }
    try saved.files.save(to: file.path)
    // As if the reducer had read its token under another name when the file was recorded.
    try rewriteSessionFile(file.path) { object in
      let reads = object["reads"] as? [[String: Any]] ?? []
      object["reads"] = reads.map { entry in
        var entry = entry
        entry["reads"] = (entry["reads"] as? [[String: Any]] ?? []).map { read in
          var read = read
          read["name"] = "ticket"
          return read
        }
        return entry
      }
    }

    let loaded = try Tokens.debugger().use("tokens")
    _ = try loaded.files.load(from: file.path)
    let divergence = try #require(divergences(in: loaded.inspection.takeEvents()).first)
    #expect(divergence.cause == .uncontrolledRead(entry: 2, action: ".draw", readLive: ["token"], leftUnread: ["ticket"]))
    #expect(divergence.explanation.contains("it read `token` live on replay, not having recorded it and left its recorded `ticket` unread"))
  }

  @Test func aReducerThatReadsNothingControlledYetChangesIsNamedAtItsEntry() throws {
    let session = try Stamps.debugger().use("stamps")
    session.running.type(".count")
    session.running.type(".stamp")
    _ = session.inspection.takeEvents()
    _ = try session.timeTravel.toggle(1)
    let divergence = try #require(divergences(in: session.inspection.takeEvents()).first)
    #expect(divergence.cause == .uncontrolledRead(entry: 2, action: ".stamp", readLive: [], leftUnread: []))
    #expect(divergence.explanation.hasPrefix("#2 .stamp produced a different `stampedAt?` on replay (toggle): it read nothing"))
    #expect(divergence.explanation.contains("`Date()`"))
  }

  @Test func aClassInstanceInTheStateIsNamedWithItsPathAndType() throws {
    let saved = try Debugger(registry: ledgerRegistry, options: .forTests(usesVirtualClock: true)).use("ledger")
    saved.running.type(".record")
    saved.running.type(".record")
    let (file, cleanUp) = try temporarySessionFile()
    defer { cleanUp() }
    try saved.files.save(to: file.path)

    let loaded = try Debugger(registry: ledgerRegistry, options: .forTests(usesVirtualClock: true)).use("ledger")
    _ = try loaded.files.load(from: file.path)
    let divergence = try #require(divergences(in: loaded.inspection.takeEvents()).first)
    #expect(divergence.cause == .referenceInState(path: "tally", typeName: "Tally"))
    #expect(divergence.explanation.contains("a class instance at `tally` (`Tally`)"))
    #expect(divergence.explanation.contains("make `Tally` a value type"))
  }

  @Test func aTestsDependenciesClosureIsNamedWhenItsSessionDiverges() async throws {
    let name = "DivergenceCauseTests.aTestsDependenciesClosureIsNamedWhenItsSessionDiverges.sluice-session"
    defer { try? FileManager.default.removeItem(atPath: sessionsFolder + "/" + name) }
    let store = TestStore(
      initialState: Tickets.State(),
      reducer: Tickets().dependencies { $0.uuid = .constant(Tickets.fixedID) }, timeout: .seconds(5),
      debuggerFeature: "tickets")
    await withKnownIssue {
      await store.send(.issue) { $0.ids = [] }
    }

    let loaded = try Tickets.debugger().use("tickets")
    _ = try loaded.files.load(from: sessionsFolder + "/" + name)
    let divergence = try #require(divergences(in: loaded.inspection.takeEvents()).first)
    #expect(divergence.cause == .testOverride(keys: [], closure: true))
    #expect(divergence.explanation.contains("the test overrode dependencies with .dependencies { … }"))
    #expect(divergence.explanation.contains("state the value in the feature's registration"))
  }

  @Test func aTestsOverriddenKeyIsNamedWhenItsSessionDiverges() async throws {
    let name = "DivergenceCauseTests.aTestsOverriddenKeyIsNamedWhenItsSessionDiverges.sluice-session"
    defer { try? FileManager.default.removeItem(atPath: sessionsFolder + "/" + name) }
    let store = TestStore(
      initialState: Tickets.State(), reducer: Tickets().dependency(\.uuid, .constant(Tickets.fixedID)),
      timeout: .seconds(5), debuggerFeature: "tickets")
    await withKnownIssue {
      await store.send(.issue) { $0.ids = [] }
    }
    let saved = try String(contentsOfFile: sessionsFolder + "/" + name, encoding: .utf8)
    #expect(saved.contains(#""testOverrides":{"keys":["uuid"]}"#))

    let loaded = try Tickets.debugger().use("tickets")
    let report = try loaded.files.load(from: sessionsFolder + "/" + name)
    #expect(report.warnings.isEmpty)
    let divergence = try #require(divergences(in: loaded.inspection.takeEvents()).first)
    #expect(divergence.cause == .testOverride(keys: ["uuid"], closure: false))
    #expect(divergence.explanation.contains("the test overrode `uuid` with .dependency(…)"))
  }

  @Test func aTestThatOverridesNothingWritesNoOverrides() async throws {
    let name = "DivergenceCauseTests.aTestThatOverridesNothingWritesNoOverrides.sluice-session"
    defer { try? FileManager.default.removeItem(atPath: sessionsFolder + "/" + name) }
    let store = TestStore(
      initialState: Stepper.State(), reducer: Stepper(step: 1), timeout: .seconds(5), debuggerFeature: "stepper")
    await withKnownIssue {
      await store.send(.increment) { $0.count = 2 }
    }
    let saved = try String(contentsOfFile: sessionsFolder + "/" + name, encoding: .utf8)
    #expect(!saved.contains("testOverrides"))
  }
}

/// The divergences among `events`.
private func divergences(in events: [DebugEvent]) -> [ReplayDivergence] {
  events.compactMap { if case .replayDiverged(let divergence) = $0 { divergence } else { nil } }
}

/// The fingerprint the session file at `path` was saved with.
private func fingerprint(of path: String) throws -> String {
  let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any]
  return try #require(object?["fingerprint"] as? String)
}

/// A counter saved by one version of its feature and loaded by another, whose State gained a
/// field (so the fingerprint differs) and whose reducer adds more.
enum Versioned {
  struct V1: Reducer {
    struct State: Codable, Equatable, Sendable { var count = 0 }
    enum Action: Codable, Equatable, Sendable { case add }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.count += 1
      return .none
    }
  }

  struct V2: Reducer {
    struct State: Codable, Equatable, Sendable {
      var count = 0
      var note: String?
    }
    enum Action: Codable, Equatable, Sendable { case add }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.count += 2
      return .none
    }
  }

  @MainActor
  static func registry(version: Int) -> FeatureRegistry {
    version == 1
      ? FeatureRegistry([Feature("versioned", summary: "Version 1", initialState: V1.State()) { _ in V1() }])
      : FeatureRegistry([Feature("versioned", summary: "Version 2", initialState: V2.State()) { _ in V2() }])
  }
}

/// A reducer that reads a token through `environment.recorded`, live from a source that
/// never repeats itself.
struct Tokens: Reducer {
  let environment: FeatureEnvironment

  struct State: Codable, Equatable, Sendable {
    var count = 0
    var token: String?
  }

  enum Action: Codable, Equatable, Sendable { case count, draw }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .count: state.count += 1
    case .draw: state.token = environment.recorded("token") { UUID().uuidString }
    }
    return .none
  }

  /// A debugger with this feature registered as `tokens`, on virtual time.
  @MainActor
  static func debugger() -> Debugger {
    Debugger(
      registry: FeatureRegistry([
        Feature("tokens", summary: "Tokens read through environment.recorded", initialState: State()) { environment in
          Tokens(environment: environment).recordingReads(in: environment)
        }
      ]),
      options: .forTests(usesVirtualClock: true))
  }
}

/// A reducer that issues tickets with ids from `@Dependency(\.uuid)`.
struct Tickets: Reducer {
  static let fixedID = UUID(uuidString: "DEADBEEF-0000-0000-0000-000000000000")!

  @Dependency(\.uuid) var uuid

  struct State: Codable, Equatable, Sendable { var ids: [UUID] = [] }
  enum Action: Codable, Equatable, Sendable { case issue }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.ids.append(uuid())
    return .none
  }

  /// A debugger with this feature registered as `tickets`, `controlled(by:)`, on virtual time.
  @MainActor
  static func debugger() -> Debugger {
    Debugger(
      registry: FeatureRegistry([
        Feature("tickets", summary: "Tickets with ids", initialState: State()) { environment in
          Tickets().controlled(by: environment)
        }
      ]),
      options: .forTests(usesVirtualClock: true))
  }
}

/// A session file's place in a fresh temporary directory, and what removes the directory.
private func temporarySessionFile() throws -> (URL, () -> Void) {
  let directory = try makeTemporaryDirectory()
  return (directory.appendingPathComponent("session.sluice-session"), { try? FileManager.default.removeItem(at: directory) })
}

/// The JSON protocol carries a divergence's cause with its particulars, beside its message.
@MainActor
@Suite struct DivergenceCauseEventTests {
  @Test func theJSONEventCarriesTheCauseAndItsParticulars() throws {
    let divergence = ReplayDivergence(
      command: "load", index: 2, action: ".draw", paths: [], diff: StateDiff(from: 1, to: 2),
      cause: .uncontrolledRead(entry: 2, action: ".draw", readLive: ["token"], leftUnread: []))
    let line = JSONEventWriter().line(for: .replayDiverged(divergence))
    let event = try JSONDecoder().decode(ProtocolEvent.self, from: Data(line.utf8))
    guard case .replayDiverged(let written) = event.payload else {
      Issue.record("\(line) is not a replayDiverged event")
      return
    }
    #expect(written.cause?.kind == "uncontrolledRead")
    #expect(written.cause?.entry == 2)
    #expect(written.cause?.readLive == ["token"])
    #expect(written.cause?.keys == nil)
    #expect(written.message == divergence.explanation)
    #expect(line.hasSuffix(#""cause":{"kind":"uncontrolledRead","entry":2,"readLive":["token"],"leftUnread":[]}}"#))
  }
}
