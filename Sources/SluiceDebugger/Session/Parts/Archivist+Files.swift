import Foundation
import Sluice
import SluiceFiles

extension Archivist {
  /// Writes the session (base state, action log with what each action read, final state,
  /// breakpoints, the jobs' spans, the cycle warnings and the stops) to `path`, atomically:
  /// an existing file there is replaced only once the new one is on disk (``AtomicFile``). The states written (the final state, and the
  /// digests a load checks its replay against) are the ones recorded, never recomputed. The
  /// replacement has the old file's mode from its creation; it is a new file, so a file with
  /// other hard links, which would keep the old contents, is refused, as is a read-only file.
  func save(to path: String) throws(DebugError) {
    do {
      var (file, firstDivergence) = try history.sessionFile(
        feature: session.savedFeatureName ?? featureName, fingerprint: fingerprint,
        breakpoints: breakpointList.all.map(SavedBreakpoint.init),
        position: timeline.isAtPresent ? nil : timeline.position, virtualTime: manualClock?.now.offset,
        checkReplay: { divergence(of: $0, command: "save") })
      file.jobSpans = try jobSpans.map { span throws(DebugError) in try SavedJobSpan(span) }
      file.cycleWarnings = try session.keptCycleReports.map { report throws(DebugError) in try SavedCycleReport(report) }
      file.stops = try session.keptStops.map { stop throws(DebugError) in try SavedStop(stop) }
      // Folding moved the base past where `reset` returns: the file says where that is.
      if timeline.resetBase != history.base { file.resetState = timeline.resetBase }
      try AtomicFile.save(try file.encoded(masking: redaction), to: path, replacing: .sessionFile)
      if let firstDivergence { emit(.replayDiverged(firstDivergence)) }
    } catch let error as DebugError {
      throw error
    } catch {
      throw DebugError("cannot save to \(path): \(error)")
    }
  }

  /// Replaces the session with the one saved at `path`: checks the file, replays its log
  /// through the reducer alone (effects do not run again: their actions are in the log),
  /// each action fed the values it read when it was recorded, and reports where replay
  /// first disagrees with the file: the first entry whose saved digest differs, and since
  /// which entry (``LoadReport/Divergence``), as a ``ReplayDivergence`` event too.
  ///
  /// Nothing changes when the file cannot be read or is not a session of this feature. With
  /// `feature` (`load as NAME FILE`, `--feature NAME`), the file is taken for a session of that feature,
  /// whatever feature it names: a program's recording that carries its store's name.
  func load(from path: String, as feature: String?) throws(DebugError) -> LoadReport {
    let bytes = try DebugError.file { () throws(FileError) in try RegularFile.contents(of: path, limit: RegularFile.sessionFileLimit) }
    let decoder = JSONDecoder()
    let header: SessionFileHeader
    do {
      header = try decoder.decode(SessionFileHeader.self, from: Data(bytes))
    } catch {
      if FileContents.looksLikeScript(bytes) {
        throw DebugError("\(path) is not a session file: it reads as text, like a script; run it with `source \(path)`")
      }
      throw DebugError("\(path) is not a readable session file: \(Self.explain(error))")
    }
    guard header.format == SessionFileHeader.format else {
      throw DebugError("\(path) is not a Sluice session file (format '\(header.format)')")
    }
    guard SessionFileHeader.readableVersions.contains(header.version) else {
      throw DebugError(
        "\(path) is a version \(header.version) session file; this sluice reads versions "
          + "\(SessionFileHeader.readableVersions.lowerBound) to \(SessionFileHeader.readableVersions.upperBound)")
    }
    guard header.feature == featureName || header.feature == session.savedFeatureName || feature == featureName else {
      throw DebugError("\(path) is a session of '\(header.feature)', not '\(featureName)': `use \(header.feature)` first")
    }
    let file: SessionFile<State, Action>
    do {
      file = try decoder.decode(SessionFile<State, Action>.self, from: withLiveSecrets(Data(bytes)))
    } catch {
      throw DebugError("\(path) does not fit \(featureName)'s types: \(Self.explain(error))")
    }
    var report = try restore(file, from: path)
    report.warnings = UnknownKeys.warnings(in: bytes, from: path)
    return report
  }

  private func restore(_ file: SessionFile<State, Action>, from path: String) throws(DebugError) -> LoadReport {
    try SessionFileLimits.checkFirstIndex(file.firstIndex, in: path)
    let restoredBreakpoints = try RestoredBreakpoints(file.breakpoints, from: path)
    let log: EntryLog
    do {
      log = try EntryLog(parsing: file.log)
    } catch {
      throw DebugError("\(path) has a damaged action log: \(error.message)")
    }
    let savedReads = try Self.reads(in: file, count: log.entries.count, from: path)
    var savedSpans: [JobSpan] = []
    for (offset, saved) in (file.jobSpans ?? []).enumerated() {
      savedSpans.append(try saved.restored(number: offset + 1, from: path))
    }
    let savedCycles = try Self.cycleReports(in: file, from: path)
    let savedStops = try Self.stops(in: file, from: path)
    let steps = try Self.steps(of: log, in: file, from: path)
    // The loaded log's reads are the session's draws from now on.
    session.tape.forgetDraws()
    var state = file.initialState
    var firstDivergence: ClosedRange<Int>?
    var uncontrolledReads: [Int: ReplayedReads] = [:]
    var check = ReplayCheck(
      initialState: state, count: log.entries.count, savedDigest: { log.entries[$0].stateDigest },
      replay: { [replayWithReads = session.replayWithReads] state, offset in
        guard !log.entries[offset].isSkipped else { return }
        let reads = savedReads[file.firstIndex + offset] ?? []
        _ = replayWithReads(&state, steps[offset], reads, false)
      })
    // Every entry is kept while restoring, so that the saved position is still there; the
    // session's limit is applied once the position is known.
    var restored = History<State, Action>(
      base: file.initialState, limit: max(options.historyLimit, log.entries.count), replay: history.replay,
      nextIndex: file.firstIndex)
    for (offset, saved) in log.entries.enumerated() {
      let index = file.firstIndex + offset
      guard file.origins.indices.contains(saved.origin) else {
        throw DebugError("\(path): entry \(index) names origin \(saved.origin), but the file has \(file.origins.count)")
      }
      let action = steps[offset]
      var duration = Duration.zero
      var replayed = ReplayedReads(reads: savedReads[index] ?? [], readLive: false)
      if !saved.isSkipped {
        let start = ContinuousClock.now
        replayed = session.replayWithReads(&state, action, replayed.reads, true)
        duration = ContinuousClock.now - start
      }
      // Until replay diverges, what each entry read live or left unread is what a divergence
      // will name.
      if firstDivergence == nil, !replayed.namesReadLive.isEmpty || !replayed.namesLeftUnread.isEmpty {
        uncontrolledReads[index] = replayed
      }
      // Once replay has diverged, later digests cannot match: stop computing them.
      if firstDivergence == nil, let offsets = check.firstDifference(after: offset, producing: state) {
        firstDivergence = (file.firstIndex + offsets.lowerBound)...(file.firstIndex + offsets.upperBound)
      }
      var entry = History<State, Action>.Entry(
        index: index, action: action, origin: file.origins[saved.origin],
        context: ActionContext(
          sequence: saved.sequence, parent: saved.parent, root: saved.root, depth: saved.depth,
          origin: .external),
        time: .nanoseconds(saved.time), reduceDuration: duration, changedPaths: nil, reads: replayed.reads,
        readLiveOnReplay: replayed.readLive)
      entry.isSkipped = saved.isSkipped
      restored.append(entry, producing: state)
    }

    if let position = file.position, position < restored.firstIndex - 1 || position > restored.lastIndex {
      throw DebugError("\(path): position \(position) is outside the log (\(restored.firstIndex - 1) to \(restored.lastIndex))")
    }
    session.abandonLiveWork(because: "load")
    recorder.rewriteTimeline {
      $0.replace(with: restored, at: file.position, resettingTo: file.resetState)
      $0.historyLimit = options.historyLimit
    }
    session.replaceBreakpoints(with: restoredBreakpoints.list)
    // A span names its parent while the entry at that index is the action it had then.
    session.jobSpanLog.replace(
      with: savedSpans.map { span in
        Session.checked(.init(span: span, parentSequence: span.parentIndex.flatMap(restored.sequence(at:))), against: restored)
      })
    session.replaceCycleReports(with: savedCycles)
    session.replayed = nil
    session.stopLog.dropStops(before: nil)
    for stop in savedStops { session.stopLog.note(stop) }
    session.recordsTrimmedAtFirstIndex = restored.firstIndex
    if let time = file.virtualTime, time > 0 {
      // Virtual time never runs backwards: a session ahead of the file stays where it is.
      moveVirtualTime(to: ManualClock.Instant(offset: .nanoseconds(time)))
    }
    session.noteEdit()
    let count = log.entries.count
    replaceState(with: timeline.stateAtPosition, reason: "loaded \(count) \(count == 1 ? "action" : "actions")")
    session.restartSubscriptions(because: "load")
    let divergence = firstDivergence.map { indices in
      let index = indices.upperBound
      return LoadReport.Divergence(
        index: index, earliestIndex: indices.lowerBound,
        action: describer.describe(steps[index - file.firstIndex]),
        entryDiff: redaction.masking(
          StateDiff(from: restored.state(after: index - 1), to: restored.state(after: index))),
        finalStateDiff: redaction.masking(StateDiff(from: file.finalState, to: state)))
    }
    if let divergence {
      // The file keeps digests, not states: the paths named are those the entry changes on
      // replay whose final values differ from the file's (all of the latter when none do).
      let entryPaths = Set(divergence.entryDiff.changedPaths)
      let finalPaths = divergence.finalStateDiff.changedPaths
      let paths = finalPaths.filter { path in
        entryPaths.contains { $0.components.starts(with: path.components) || path.components.starts(with: $0.components) }
      }
      let replays = (divergence.earliestIndex...divergence.index).compactMap { index in
        uncontrolledReads[index].map { (index, describer.describe(steps[index - file.firstIndex]), $0) }
      }
      let cause = ReplayDivergence.Cause.likeliest(
        at: divergence.index, action: divergence.action,
        fingerprints: Self.typesChanged(since: file, fingerprint: fingerprint) ? (file.fingerprint, fingerprint) : nil,
        testOverrides: file.testOverrides, replays: replays,
        stateBefore: restored.state(after: divergence.earliestIndex - 1))
      emit(
        .replayDiverged(
          ReplayDivergence(
            command: "load", index: divergence.index, action: divergence.action,
            paths: paths.isEmpty ? finalPaths : paths, diff: divergence.finalStateDiff, cause: cause)))
    }
    return LoadReport(
      replayedCount: log.entries.count, typesChanged: Self.typesChanged(since: file, fingerprint: fingerprint),
      divergence: divergence,
      unrestoredBreakpoints: restoredBreakpoints.unrestored)
  }

  /// What each entry of the log is: the action it names in the file's table, or the edit
  /// the file lists for its index.
  private static func steps(
    of log: EntryLog, in file: SessionFile<State, Action>, from path: String
  ) throws(DebugError) -> [HistoryStep<Action>] {
    var edits: [Int: StateEdit] = [:]
    let indices = file.firstIndex..<(file.firstIndex + log.entries.count)
    for saved in file.edits ?? [] {
      guard indices.contains(saved.index) else {
        throw DebugError("\(path): an edit names entry \(saved.index), outside the log (\(indices.lowerBound) to \(indices.upperBound - 1))")
      }
      do {
        edits[saved.index] = try StateEdit(parsing: "\(saved.path) = \(saved.value)")
      } catch {
        throw DebugError("\(path): the edit at entry \(saved.index) does not parse: \(error.message)")
      }
    }
    var steps: [HistoryStep<Action>] = []
    steps.reserveCapacity(log.entries.count)
    for (offset, saved) in log.entries.enumerated() {
      let index = file.firstIndex + offset
      if let edit = edits[index] {
        steps.append(.edit(edit))
        continue
      }
      guard file.actions.indices.contains(saved.action) else {
        throw DebugError("\(path): entry \(index) names action \(saved.action), but the file has \(file.actions.count)")
      }
      steps.append(.action(file.actions[saved.action]))
    }
    return steps
  }

  /// Whether the types look different from when `file` was written: its fingerprint is
  /// neither this feature's (made with the registered initial state, as `save` makes it) nor
  /// the one its own base state has under the current types (as a test store that started
  /// elsewhere makes it, ``RecordedSession``). A renamed type, or a state whose decoded base
  /// has another shape than it had, matches neither.
  private static func typesChanged(since file: SessionFile<State, Action>, fingerprint: String) -> Bool {
    file.fingerprint != fingerprint
      && file.fingerprint != SessionFingerprint.of(State.self, Action.self, initialState: file.initialState)
  }

  /// The ``SessionFingerprint`` of the feature's types and its initial state: a change to
  /// either makes saved sessions suspect.
  var fingerprint: String {
    SessionFingerprint.of(State.self, Action.self, initialState: session.initialState)
  }

  /// A decoding error as one line: what was wrong and where in the file.
  private static func explain(_ error: any Error) -> String {
    guard let error = error as? DecodingError else { return "\(error)" }
    func location(_ path: [any CodingKey]) -> String {
      path.isEmpty ? "at the top level" : "at " + path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
    }
    switch error {
    case .dataCorrupted(let context) where !context.codingPath.isEmpty:
      // The JSON parsed; a value in it is not one of its type (a breakpoint kind no command makes).
      return "\(context.debugDescription) \(location(context.codingPath))"
    case .dataCorrupted(let context):
      let underlying = context.underlyingError.map { " (\($0.localizedDescription))" } ?? ""
      return "the file is truncated or not valid JSON \(location(context.codingPath))\(underlying)"
    case .keyNotFound(let key, let context):
      return "missing '\(key.stringValue)' \(location(context.codingPath))"
    case .typeMismatch(let type, let context):
      return "expected \(type) \(location(context.codingPath)): \(context.debugDescription)"
    case .valueNotFound(let type, let context):
      return "missing \(type) value \(location(context.codingPath))"
    @unknown default:
      return "\(error)"
    }
  }

  /// The cycle warnings the file keeps, in the order first seen; a file from before they
  /// were kept has none.
  private static func cycleReports(
    in file: SessionFile<State, Action>, from path: String
  ) throws(DebugError) -> [CycleReport] {
    var reports: [CycleReport] = []
    var cycles: [[String]: Int] = [:]
    for (offset, saved) in (file.cycleWarnings ?? []).enumerated() {
      let report = try saved.restored(number: offset + 1, from: path)
      // The session keeps one report per cycle, whichever case it was entered at.
      if let first = cycles.updateValue(offset + 1, forKey: CycleReport.canonicalRotation(of: report.cycle)) {
        throw DebugError(
          "\(path): cycle warning \(offset + 1) (\(report.warning.cycleDescription)) is the cycle of cycle warning \(first)")
      }
      reports.append(report)
    }
    return reports
  }

  /// The stops the file keeps, oldest first; a file from before they were kept has none.
  private static func stops(in file: SessionFile<State, Action>, from path: String) throws(DebugError) -> [StopLog.Stop] {
    let saved = file.stops ?? []
    guard saved.count <= StopLog.capacity else {
      throw DebugError("\(path) keeps \(saved.count) stops; a session keeps at most \(StopLog.capacity)")
    }
    var stops: [StopLog.Stop] = []
    for (offset, stop) in saved.enumerated() { stops.append(try stop.restored(number: offset + 1, from: path)) }
    return stops
  }

  /// The reads the file recorded, by entry index; a file from before reads were recorded
  /// has none.
  private static func reads(
    in file: SessionFile<State, Action>, count: Int, from path: String
  ) throws(DebugError) -> [Int: [RecordedRead]] {
    var reads: [Int: [RecordedRead]] = [:]
    let indices = file.firstIndex..<(file.firstIndex + count)
    for saved in file.reads ?? [] {
      guard indices.contains(saved.index), reads[saved.index] == nil else {
        throw DebugError(
          "\(path): reads are recorded for entry \(saved.index), which is not in the log (\(indices.lowerBound) to "
            + "\(indices.upperBound - 1)) or has them twice")
      }
      reads[saved.index] = saved.reads
    }
    return reads
  }
}
