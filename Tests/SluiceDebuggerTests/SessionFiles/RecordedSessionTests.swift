import Foundation
import Sluice
import SluiceDebugger
import Testing

/// A feature whose state has an optional: a record that starts with it set has another shape
/// than the registered initial state.
private struct Badge: Reducer {
  struct State: Codable, Equatable, Sendable {
    var holder: String?
    var count = 0
  }

  enum Action: Codable, Equatable, Sendable {
    case award(String)
    case bump
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .award(let name): state.holder = name
    case .bump: state.count += 1
    }
    return .none
  }
}

private let badges = FeatureRegistry([
  Feature("badge", summary: "A badge awarded and bumped", initialState: Badge.State()) { _ in Badge() }
])

/// Actions recorded outside the debugger (as a failing test's store records them), written as
/// a session file and opened by `load` like any saved session.
@MainActor
@Suite struct RecordedSessionTests {
  /// A record from a base the registered feature does not start from: an award the user
  /// sent, a bump its effect sent, a bump a middleware sent.
  private func record() -> RecordedSession<Badge.State, Badge.Action> {
    var record = RecordedSession<Badge.State, Badge.Action>(
      feature: "badge", initialState: Badge.State(holder: "Grace", count: 10))
    record.record(
      .award("Ada"), origin: .user,
      context: ActionContext(sequence: 1, parent: nil, root: 1, depth: 0, origin: .external), time: .zero,
      producing: Badge.State(holder: "Ada", count: 10))
    record.record(
      .bump, origin: .effect, context: ActionContext(sequence: 2, parent: 1, root: 1, depth: 1, origin: .effect),
      time: .milliseconds(100), producing: Badge.State(holder: "Ada", count: 11))
    record.record(
      .bump, origin: .job(kind: "middleware", name: "audit"),
      context: ActionContext(sequence: 3, parent: 2, root: 1, depth: 2, origin: .effect), time: .milliseconds(200),
      producing: Badge.State(holder: "Ada", count: 12))
    return record
  }

  private func makeSession() throws -> any DebugSession {
    var options = SessionOptions(usesVirtualClock: true)
    options.waitLimit = hangGuard
    return try Debugger(registry: badges, options: options).use("badge")
  }

  @Test func aRecordLoadsAtItsPositionWithItsOriginsTimesAndChain() throws {
    let folder = try TemporaryFolder()
    let path = folder.url.appendingPathComponent("badge.sluice-session").path
    let record = record()
    #expect(record.lastIndex == 3)
    #expect(record.index(ofSequence: 2) == 2)

    try record.write(to: path, position: 2, virtualTime: .milliseconds(250))
    let session = try makeSession()
    let report = try session.files.load(from: path)

    #expect(report.replayedCount == 3)
    #expect(report.divergence == nil)
    // Fingerprinted with the record's own base, whose `holder` is set: not a change of types.
    #expect(!report.typesChanged)
    let history = session.inspection.history(last: nil)
    #expect(history.map(\.action) == [#".award("Ada")"#, ".bump", ".bump"])
    #expect(history.map(\.origin) == [.user, .effect, .job(kind: "middleware", name: "audit")])
    #expect(history.map(\.time) == [.zero, .milliseconds(100), .milliseconds(200)])
    #expect(session.inspection.position == 2)
    #expect(session.inspection.travelledPosition == HistoryPosition(index: 2, lastIndex: 3))
    #expect(session.inspection.rendered("count") == "11")
    #expect(session.inspection.backtrace.shownFrames.map(\.index) == [2, 1])
    #expect(session.inspection.elapsedTime == .milliseconds(250))
  }

  @Test func aRecordAtItsLastEntryOpensThereWithoutAPosition() throws {
    let folder = try TemporaryFolder()
    let path = folder.url.appendingPathComponent("badge.sluice-session").path
    try record().write(to: path, position: 3, virtualTime: nil)
    let session = try makeSession()
    _ = try session.files.load(from: path)

    #expect(session.inspection.position == 3)
    #expect(session.inspection.travelledPosition == nil)
    #expect(session.inspection.rendered("count") == "12")
    #expect(session.inspection.elapsedTime == .zero)
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(!text.contains(#""position""#))
  }

  @Test func aFingerprintOfOtherTypesIsStillReportedAsAChange() throws {
    let folder = try TemporaryFolder()
    let path = folder.url.appendingPathComponent("badge.sluice-session").path
    try record().write(to: path, position: 3, virtualTime: nil)
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let fingerprint = try #require(text.firstMatch(of: /"fingerprint":"([0-9a-f]+)"/)?.output.1)
    try text.replacingOccurrences(of: String(fingerprint), with: String(repeating: "0", count: fingerprint.count))
      .write(toFile: path, atomically: true, encoding: .utf8)

    let report = try makeSession().files.load(from: path)

    #expect(report.typesChanged)
  }

  @Test func aPositionOutsideTheRecordIsRefused() throws {
    let folder = try TemporaryFolder()
    let path = folder.url.appendingPathComponent("badge.sluice-session").path
    #expect(throws: DebugError.self) { try record().write(to: path, position: 4, virtualTime: nil) }
    #expect(throws: DebugError.self) { try record().write(to: path, position: -1, virtualTime: nil) }
    #expect(!FileManager.default.fileExists(atPath: path))
  }
}
