extension CommandInterpreter {
  func diff(_ request: Command.DiffRequest) throws(DebugError) -> CommandResult {
    let session = try session()
    switch request {
    case .lastAction:
      if let index = selectedEntry {
        let (record, diff) = try session.inspection.entry(index)
        return .diff(title: "#\(record.index) \(record.action)", diff)
      }
      guard let last = session.inspection.history(last: 1).last else {
        throw DebugError("no action has been reduced yet")
      }
      let (record, diff) = try session.inspection.entry(last.index)
      return .diff(title: "#\(record.index) \(record.action)", diff)
    case .between(let from, let to):
      let diff = try session.inspection.diff(from: from, to: to)
      return .diff(title: "#\(from) → " + (to.map { "#\($0)" } ?? "now"), diff)
    case .original:
      let comparison = try session.inspection.comparisonWithOriginal()
      return .diff(title: comparison.title, comparison.diff)
    }
  }

  /// The records `query` lists, and for a filtered one where they lie among all matches.
  func history(_ query: Command.LogQuery) throws(DebugError) -> ([HistoryRecord], WindowPosition?) {
    let session = try session()
    switch query {
    case .last(let count):
      let count = count ?? Self.defaultLogCount
      // The last N shown: with cases hidden, count only those not hidden.
      guard !hiddenCases.isEmpty else { return (session.inspection.history(last: count), nil) }
      return (try session.inspection.entries(nil, hiding: hiddenCases, in: .last(count)).records, nil)
    case .window(let from, let count):
      let count = count ?? Self.defaultLogCount
      guard !hiddenCases.isEmpty else { return (session.inspection.history(from: from, count: count), nil) }
      return (try session.inspection.entries(nil, hiding: hiddenCases, in: .from(from, count: count)).records, nil)
    case .filtered(let filter, let window):
      let (records, position) = try session.inspection.entries(filter, hiding: hiddenCases, in: window)
      return (records, position)
    }
  }

  /// `log hide` and `log unhide`: they change what every `log` listing leaves out.
  func changeHiding(_ change: Command.LogHiding) throws(DebugError) -> CommandResult {
    switch change {
    case .hide(let pattern):
      let pattern = pattern.hasPrefix(".") ? String(pattern.dropFirst()) : pattern
      if !hiddenCases.contains(pattern) { hiddenCases.append(pattern) }
    case .unhide(let pattern?):
      let pattern = pattern.hasPrefix(".") ? String(pattern.dropFirst()) : pattern
      guard hiddenCases.contains(pattern) else {
        throw DebugError("'\(pattern)' is not hidden (\(hiddenSummary))")
      }
      hiddenCases.removeAll { $0 == pattern }
    case .unhide(nil):
      hiddenCases.removeAll()
    case .list:
      break
    }
    return .message([hiddenSummary])
  }

  /// What `log` leaves out, as a line.
  private var hiddenSummary: String {
    hiddenCases.isEmpty
      ? "log hides nothing"
      : "log hides " + hiddenCases.map { "." + $0 }.joined(separator: ", ") + " (log unhide shows them again)"
  }

  /// What to say when a search of the history finds nothing: that it found nothing, and
  /// for a case pattern the cases there are, so a near miss is easy to correct.
  func emptyAnswer(to query: Command.LogQuery) throws(DebugError) -> String? {
    let session = try session()
    switch query {
    case .last:
      return hiddenCases.isEmpty || session.inspection.history(last: 1).isEmpty ? nil : "no entry to show" + hiddenNote
    case .filtered(.matchingCase(let pattern), _):
      var cases: [String] = []
      for record in session.inspection.history(last: nil) where !cases.contains(record.caseName) {
        cases.append(record.caseName)
      }
      let known = cases.isEmpty ? "the history is empty" : "cases in the history: " + cases.map { "." + $0 }.joined(separator: ", ")
      return "no entry's case matches '\(pattern)' (\(known))" + hiddenNote
    case .filtered(.changing(let path), _):
      return "no entry in the history changed \(path)" + hiddenNote
    case .filtered(.origin(let filter), _):
      return "no entry in the history was sent by \(filter.description)" + hiddenNote
    case .window(let from, _):
      guard let last = session.inspection.history(last: 1).last else { return "the history is empty" }
      let first = session.inspection.history(from: 0, count: 1).first?.index ?? last.index
      return "no entry from #\(from) on: entries run from #\(first) to #\(last.index)" + hiddenNote
    }
  }

  /// Said when a listing came out empty while cases are hidden.
  private var hiddenNote: String {
    hiddenCases.isEmpty ? "" : "; " + hiddenSummary
  }

  func info(_ topic: Command.InfoTopic) throws(DebugError) -> CommandResult {
    switch topic {
    case .breakpoints:
      return .breakpoints(try session().breakpointControl.breakpoints)
    case .jobs:
      let session = try session()
      let jobs = session.inspection.jobs
      // Only look the parents up when there are jobs: it reads the history.
      let indexBySequence = jobs.isEmpty ? [:] : Dictionary(
        session.inspection.history(last: nil).map { ($0.context.sequence, $0.index) }, uniquingKeysWith: { $1 })
      return .jobs(
        jobs.map { JobRow(job: $0.job, isHeld: $0.isHeld, parentIndex: indexBySequence[$0.job.parent.sequence]) })
    case .features:
      return .features(
        debugger.registry.features.map { feature in
          FeatureRow(
            name: feature.name, summary: feature.summary,
            isCurrent: debugger.current?.featureName == feature.name,
            isLoaded: debugger.session(named: feature.name) != nil)
        })
    case .cycles:
      return .cycles(try session().inspection.cycles)
    case .capabilities:
      return .answer(SessionCapabilities(of: try session().inspection))
    case .display:
      // Each with its value now: what `display` showed when it was made.
      return displays.isEmpty ? .message(["no displays"]) : .displayed(displayedValues())
    case .settings:
      let session = try session().inspection
      return .settings(
        SettingsSnapshot(
          feature: session.featureName, types: session.typeDescription, status: session.status,
          diffDisplay: session.diffDisplay, usesVirtualClock: session.usesVirtualClock, elapsedTime: session.elapsedTime,
          waitLimit: session.waitLimit, cycleDetection: session.cycleDetection, historyLimit: session.historyLimit,
          fork: session.fork))
    }
  }
}
