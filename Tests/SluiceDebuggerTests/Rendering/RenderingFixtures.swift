import Sluice
import SluiceDebugger

/// Values to render, made by hand so the tests need no session.
enum RenderingFixtures {
  struct Counter: Equatable {
    var count: Int
    var step: Int
  }

  static func context(sequence: UInt64 = 3, depth: Int = 0) -> ActionContext {
    ActionContext(sequence: sequence, parent: nil, root: sequence, depth: depth, origin: .external)
  }

  static func record(
    index: Int = 3, action: String = #".add(title: "Milk")"#, origin: EntryOrigin = .user,
    changedPaths: [StatePath]? = nil, isSkipped: Bool = false
  ) -> HistoryRecord {
    HistoryRecord(
      index: index, action: action, caseName: "add", origin: origin, context: context(),
      time: .milliseconds(1500), reduceDuration: .microseconds(2), changedPaths: changedPaths,
      isSkipped: isSkipped)
  }

  static let countDiff = StateDiff(from: Counter(count: 1, step: 1), to: Counter(count: 2, step: 1))

  static func warning(policy: CyclePolicy = .pause) -> CycleWarning {
    CycleWarning(
      signal: .frequency(count: 21, window: .seconds(1)), caseName: "ping",
      // Caused, as a ping-pong loop's actions are: an effect of the action before it.
      context: ActionContext(sequence: 41, parent: 40, root: 1, depth: 40, origin: .effect),
      cycle: ["ping", "pong"], policy: policy)
  }

  static func report(policy: CyclePolicy = .pause, count: Int = 1) -> CycleReport {
    CycleReport(
      warning: warning(policy: policy), path: ".ping →(effect)→ .pong →(effect)→ .ping", count: count,
      firstSeen: .seconds(1), lastSeen: .seconds(2), chain: Backtrace(frames: [], elidedCount: 0, root: nil))
  }

  static func job(_ name: String = "payment", status: JobStatus = .pending) -> JobInfo {
    JobInfo(
      id: JobID(7), name: name, kind: .middleware, parent: context(), cancellationIDs: [], status: status)
  }
}
