import ExampleRegistry
import Foundation
import Sluice
import SluiceDebugger
import Testing

/// The history limit changes what a session keeps, never what it shows: seeded random
/// sequences of commands (those of `TimelineModelTests`, plus changes of the limit at any
/// moment, travelled or not) run on two sessions of one feature, one keeping every entry and
/// one under a small limit. After every command both must show the same state and position,
/// the limited log must be the newest part of the full one, and both must have reported the
/// same reductions, in order: an entry folded away before its event was taken is reported
/// all the same.
///
/// Over every example feature: Search (debounced and throttled), Journal (whose reducer reads
/// dates, ids and random numbers, recorded and replayed), Stopwatch (a subscription, restarted
/// by `reset` and `load`) and the loops the cycle detector pauses among them. Two sessions can
/// only agree where the feature itself is deterministic: jobs off the store's actor that are
/// in flight together send in whatever order their tasks run, so two edits of Temperature,
/// whose middleware once ran there, ended in either order in two sessions alike, limited or
/// not (its middleware now runs on the store's actor, as short bodies that belong with the
/// state should). Stopwatch was once left out (seed 359 failed one run in three, one session
/// a tick ahead): stepping a held job asked twice whether everything slept on virtual time,
/// and a subscription going to sleep between the asks had time moved for it (issue 45).
///
/// 2,000 sequences of 30 commands by default, each on the feature its seed chooses;
/// `SLUICE_MODEL_SEQUENCES` and `SLUICE_MODEL_SEED` as for `TimelineModelTests`, and
/// `SLUICE_MODEL_FEATURE` to run one feature alone.
@MainActor
@Suite struct HistoryLimitModelTests {
  /// Counter, Search and Journal first, in the order their seeds were found with; then every
  /// other example feature, with the actions its timeline model sends.
  static let features: [(name: String, actions: [String], cases: [String])] =
    [
      ("counter", [".increment", ".decrement", ".setStep(2)", ".reset"], ["increment", "setStep"]),
      ("search", [#".queryChanged("a")"#, #".queryChanged("")"#, ".search", ".refresh"], ["search", "queryChanged"]),
      ("journal", [#".write("Rain")"#, ".save", ".saved"], ["write", "save"]),
    ]
    + TimelineModelTests.models.filter { !["counter", "search", "journal"].contains($0.name) }.map {
      (name: $0.name, actions: $0.actions, cases: $0.cases)
    }

  @Test func everyRegisteredFeatureIsCovered() {
    #expect(Set(Self.features.map(\.name)) == Set(exampleFeatures.features.map(\.name)))
  }

  @Test func aLimitedSessionShowsWhatAnUnlimitedOneShows() async throws {
    let environment = ProcessInfo.processInfo.environment
    let count = environment["SLUICE_MODEL_SEQUENCES"].flatMap(Int.init) ?? 2_000
    // A fixed seed by default, so that CI runs the same sequences every time;
    // SLUICE_MODEL_SEED explores others.
    let seed = environment["SLUICE_MODEL_SEED"].flatMap(UInt64.init) ?? 1
    let only = environment["SLUICE_MODEL_FEATURE"]
    let features = Self.features.filter { only == nil || $0.name == only }
    try #require(!features.isEmpty, "SLUICE_MODEL_FEATURE=\(only ?? "") names no example feature")
    let folder = try TemporaryFolder()
    for number in 0..<count {
      let sequenceSeed = seed &+ UInt64(number)
      var generator = SplitMix64(seed: sequenceSeed)
      // Chosen by the seed, so that the seed alone replays a failure.
      let feature = features[Int(sequenceSeed % UInt64(features.count))]
      let commands = (0..<30).map { _ in LimitCommand.random(actions: feature.actions, cases: feature.cases, using: &generator) }
      if let failure = await firstFailure(of: commands, on: feature.name, folder: folder.url) {
        Issue.record(
          """
          history-limit property failed on \(feature.name) with SLUICE_MODEL_SEED=\(sequenceSeed) \
          (run with SLUICE_MODEL_SEQUENCES=1 SLUICE_MODEL_FEATURE=\(feature.name) to replay): \(failure)
          commands: \(commands.map(\.description).joined(separator: "; "))
          """)
        return
      }
    }
  }

  /// Found by this test: on Search, after these commands, the limited session's `.refresh`
  /// waited in a throttle window that the full session did not have. A `reset` cancelled
  /// the window's timer and closed the window; in one session the timer's job ended only
  /// after the next `.refresh` had opened a new window, and its end closed that one too.
  /// (`ThrottleCancellationTests.aCancelledTimerThatEndsLateLeavesTheNextWindowOpen` is the
  /// store's own test.)
  @Test func aTimerCancelledByResetNoLongerClosesTheNextThrottleWindow() async throws {
    let folder = try TemporaryFolder()
    var generator = SplitMix64(seed: 670_648_257)
    // Named, not chosen by the seed: when Journal joined the list, the seed's choice moved to
    // Counter, and this test stopped running Search at all (issue 45).
    let feature = try #require(Self.features.first { $0.name == "search" })
    let commands = (0..<30).map { _ in LimitCommand.random(actions: feature.actions, cases: feature.cases, using: &generator) }
    let failure = await firstFailure(of: commands, on: feature.name, folder: folder.url)
    #expect(failure == nil, "\(failure ?? "")")
  }

  private func firstFailure(of commands: [LimitCommand], on feature: String, folder: URL) async -> String? {
    let full = try! Debugger(registry: exampleFeatures, options: .forModel(feature)).use(feature)
    let limited = try! Debugger(registry: exampleFeatures, options: .forModel(feature, historyLimit: 3)).use(feature)
    var reported: (full: [String], limited: [String]) = ([], [])
    for (offset, command) in commands.enumerated() {
      let fullOutcome = await perform(command, on: full, within: limited, file: folder.appendingPathComponent("full").path)
      let limitedOutcome = await perform(command, on: limited, within: limited, file: folder.appendingPathComponent("limited").path)
      if fullOutcome != limitedOutcome {
        return "after command \(offset + 1) (\(command)): the full session answered \(fullOutcome), the limited one \(limitedOutcome)"
      }
      reported.full += described(reductions(in: full.inspection.takeEvents()))
      reported.limited += described(reductions(in: limited.inspection.takeEvents()))
      if let failure = compare(full, limited, reported: reported) {
        return "after command \(offset + 1) (\(command)): \(failure)"
      }
    }
    return nil
  }

  /// Runs `command` on `session`; entries are chosen within what `limited` keeps, so both
  /// sessions are asked the same thing. Returns how it went, which must match.
  private func perform(
    _ command: LimitCommand, on session: any DebugSession, within limited: any DebugSession, file: String
  ) async -> String {
    let kept = limited.inspection.history(last: nil)
    let first = kept.first?.index ?? (limited.inspection.position + 1)
    let last = kept.last?.index ?? limited.inspection.position
    do {
      switch command {
      case .model(let command):
        if case .toggle = command, last < first { return "nothing to toggle" }
        try await command.perform(
          on: session, file: file, jumpTarget: { (first - 1) + Int($0 * Double(last - first + 2)) },
          toggleTarget: { first + Int($0 * Double(last - first + 1)) })
      case .historyLimit(let limit):
        // Only the limited session changes its limit; the other keeps everything.
        if session === limited { session.inspection.historyLimit = limit }
      }
      if session.inspection.status != .paused { _ = await session.running.wait(timeout: hangGuard) }
      return "ok"
    } catch {
      return "refused"
    }
  }

  private func compare(_ full: any DebugSession, _ limited: any DebugSession, reported: (full: [String], limited: [String])) -> String? {
    if full.inspection.rendered("") != limited.inspection.rendered("") { return "the states differ" }
    if full.inspection.position != limited.inspection.position { return "positions differ: \(full.inspection.position) and \(limited.inspection.position)" }
    let fullLog = described(full.inspection.history(last: nil))
    let limitedLog = described(limited.inspection.history(last: nil))
    if !fullLog.hasSuffix(limitedLog) { return "the limited log \(limitedLog) is not the end of \(fullLog)" }
    if reported.full != reported.limited {
      return "reported reductions differ: \(reported.full.count) and \(reported.limited.count)"
    }
    return nil
  }

  private func described(_ records: [HistoryRecord]) -> [String] {
    records.map { "#\($0.index) \($0.action)\($0.isSkipped ? " skipped" : "")" }
  }
}

/// A command of `TimelineModelTests`, or a new history limit.
enum LimitCommand: CustomStringConvertible {
  case model(ModelCommand)
  case historyLimit(Int)

  @MainActor
  static func random(actions: [String], cases: [String], using generator: inout SplitMix64) -> LimitCommand {
    if generator.next(below: 100) < 8 {
      return .historyLimit([1, 2, 5, 40][generator.next(below: 4)])
    }
    let model = ListedModel(actions: actions, cases: cases)
    return .model(.random(for: model, using: &generator))
  }

  var description: String {
    switch self {
    case .model(let command): command.description
    case .historyLimit(let limit): "set history limit \(limit)"
    }
  }
}

/// The actions and cases of a feature, for drawing commands.
private struct ListedModel: FeatureModel {
  let name = ""
  let actions: [String]
  let cases: [String]
  func firstFailure(of commands: [ModelCommand], folder: URL) async -> String? { nil }
}

extension Array where Element: Equatable {
  /// Whether the array ends with `suffix`.
  fileprivate func hasSuffix(_ suffix: [Element]) -> Bool {
    count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
  }
}
