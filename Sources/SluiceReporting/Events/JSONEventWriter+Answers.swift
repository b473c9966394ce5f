import Sluice
import SluiceDebugger

// The fields of commands' typed answers, made from the engine's values.
extension JSONEventWriter {
  static func help(_ page: HelpPage) -> ProtocolEvent.Help {
    switch page {
    case .overview(let table):
      return .init(commands: table.words.map { command($0, example: $0.example) })
    case .command(let word, let example):
      return .init(topic: word.name, commands: [command(word, example: example)])
    }
  }

  private static func command(_ word: CommandWord, example: String) -> ProtocolEvent.HelpCommand {
    .init(
      name: word.name, section: word.topic.rawValue, usage: word.usage, summary: word.summary, aliases: word.aliases,
      example: example)
  }

  static func entry(_ record: HistoryRecord) -> ProtocolEvent.LogEntry {
    .init(
      index: record.index, action: record.action, caseName: record.caseName, origin: record.origin.description,
      depth: record.context.depth, timeNanoseconds: nanoseconds(record.time),
      durationNanoseconds: nanoseconds(record.reduceDuration), changed: record.changedPaths?.map(\.description),
      skipped: record.isSkipped, readLiveOnReplay: record.readLiveOnReplay)
  }

  static func breakpoint(_ breakpoint: Breakpoint) -> ProtocolEvent.BreakpointEntry {
    var entry = ProtocolEvent.BreakpointEntry(
      id: breakpoint.id, kind: "", enabled: breakpoint.isEnabled, once: breakpoint.isOneShot,
      ignoreCount: breakpoint.ignoreCount, hits: breakpoint.hitCount)
    switch breakpoint.kind {
    case .action(let pattern, let condition):
      (entry.kind, entry.pattern, entry.condition) = ("action", pattern, condition?.description)
    case .watch(let path):
      (entry.kind, entry.path) = ("watch", path.description)
    case .cycle:
      entry.kind = "cycle"
    case .job(let pattern):
      (entry.kind, entry.pattern) = ("job", pattern)
    case .trace(let logPoint):
      (entry.kind, entry.pattern, entry.condition) = ("trace", logPoint.pattern, logPoint.condition?.description)
      entry.prints = logPoint.prints.map(\.description)
    }
    return entry
  }

  func jobEntry(_ row: JobRow) -> ProtocolEvent.JobEntry {
    .init(
      job: Int(truncatingIfNeeded: row.job.id.rawValue), kind: row.job.kind.rawValue, name: row.job.name,
      status: text.describe(row.job.status), held: row.isHeld, parentIndex: row.parentIndex,
      cancellationIDs: row.job.cancellationIDs.map { String(describing: $0) })
  }

  static func jobSpanEntry(_ span: JobSpan) -> ProtocolEvent.JobSpanEntry {
    .init(
      id: Int(truncatingIfNeeded: span.id.rawValue), name: span.name, kind: span.kind.rawValue, parent: span.parentIndex,
      launched: nanoseconds(span.launched), ended: span.ended.map(nanoseconds), outcome: span.outcome.name,
      reason: span.outcome.reason)
  }

  static func window(_ position: WindowPosition) -> ProtocolEvent.Window {
    .init(offset: position.offset, total: position.total)
  }

  static func cycleEntry(_ report: CycleReport) -> ProtocolEvent.CycleEntry {
    .init(
      action: report.warning.caseName, cycle: cycle(of: report.warning), signal: signal(of: report.warning).name,
      policy: report.latestPolicy.rawValue, path: report.path, seen: report.count,
      firstSeenNanoseconds: nanoseconds(report.firstSeen), lastSeenNanoseconds: nanoseconds(report.lastSeen))
  }

  static func settings(_ settings: SettingsSnapshot) -> ProtocolEvent.Settings {
    .init(
      feature: settings.feature, types: settings.types, status: settings.status.rawValue,
      diffDisplay: settings.diffDisplay.rawValue, virtualClock: settings.usesVirtualClock,
      elapsedNanoseconds: nanoseconds(settings.elapsedTime), waitLimitNanoseconds: settings.waitLimit.map(nanoseconds),
      cycleDetection: settings.cycleDetection.summary, historyLimit: settings.historyLimit,
      original: settings.fork.map { .init(last: $0.originalLast, firstDifferent: $0.firstDifferent) })
  }

  static func backtrace(_ backtrace: Backtrace) -> ProtocolEvent.Backtrace {
    .init(frames: backtrace.shownFrames.map(frame), elided: backtrace.elidedCount)
  }

  static func frame(_ frame: BacktraceFrame) -> ProtocolEvent.Frame {
    .init(
      action: frame.action, caseName: frame.caseName, depth: frame.context.depth, index: frame.index,
      origin: frame.origin?.description)
  }

  static func display(_ display: DisplayedValue) -> ProtocolEvent.Display {
    switch display.value {
    case .success(let tree): .init(number: display.number, path: display.path, value: tree.compactDescription)
    case .failure(let error): .init(number: display.number, path: display.path, error: error.message)
    }
  }
}
