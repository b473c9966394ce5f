import Sluice

/// A cycle warning as a session file keeps it (`cycleWarnings`): the detector's warning, the
/// path with the job on each edge, how often and when it was seen (integer nanoseconds), and
/// the causal chain at the first warning. The part is optional: a file without it (older, or
/// a test store's) loads with none.
struct SavedCycleReport: Codable, Equatable {
  /// The case name of the action that tripped the detector.
  let caseName: String
  /// One period of the repeating case names.
  let cycle: [String]
  /// ``Sluice/CyclePolicy``'s raw value.
  let policy: String
  /// The policy of the latest warning, when it is not the first's (see
  /// ``CycleReport/latestPolicy``); absent in older files.
  var latestPolicy: String?
  /// `frequency` or `depth`.
  let signal: String
  /// For `frequency`: how many times the case was reduced, and within what window.
  var reducedCount: Int?
  var windowNanoseconds: Int64?
  /// For `depth`: the causal depth reached.
  var depth: Int?
  /// The context of the action that tripped the detector.
  let context: SavedContext
  let path: String
  /// How many times the detector fired for this cycle.
  let seen: Int
  let firstSeen: Int64
  let lastSeen: Int64
  /// The chain at the first warning, newest first; `root` when frames were left out before it.
  let frames: [SavedFrame]
  let elided: Int
  var root: SavedFrame?

  /// The names `signal` takes.
  static let signals = ["frequency", "depth"]

  /// An action's causal context (``Sluice/ActionContext``).
  struct SavedContext: Codable, Equatable {
    let sequence: UInt64
    var parent: UInt64?
    let root: UInt64
    let depth: Int
    /// `external`, `effect` or `job`.
    let origin: String
    /// The job that sent it, for `job`.
    var job: UInt64?
  }

  /// One frame of a causal chain (``BacktraceFrame``).
  struct SavedFrame: Codable, Equatable {
    let action: String
    let caseName: String
    let context: SavedContext
    var index: Int?
    var origin: EntryOrigin?
  }

  /// `report`, as the file keeps it.
  ///
  /// - Throws: When a time is beyond what a file holds.
  init(_ report: CycleReport) throws(DebugError) {
    let warning = report.warning
    caseName = warning.caseName
    cycle = warning.cycle
    policy = warning.policy.rawValue
    if report.latestPolicy != warning.policy { latestPolicy = report.latestPolicy.rawValue }
    switch warning.signal {
    case .frequency(let count, let window):
      signal = "frequency"
      reducedCount = count
      windowNanoseconds = try SessionTime.nanoseconds(window)
    case .depth(let reached):
      signal = "depth"
      depth = reached
    }
    context = SavedContext(warning.context)
    path = report.path
    seen = report.count
    firstSeen = try SessionTime.nanoseconds(report.firstSeen)
    lastSeen = try SessionTime.nanoseconds(report.lastSeen)
    frames = report.chain.frames.map(SavedFrame.init)
    elided = report.chain.elidedCount
    root = report.chain.root.map(SavedFrame.init)
  }

  /// The report the file keeps as cycle warning number `number` (from 1) of the file at `path`.
  ///
  /// - Throws: When a field says something no session records: no case names, an unknown
  ///   policy or signal, a signal without its numbers, a count below 1 or above what a session
  ///   holds, a negative time or depth, a last sighting before the first, a frame's entry out
  ///   of range, a case name that is not one line of text.
  func restored(number: Int, from path: String) throws(DebugError) -> CycleReport {
    let place = "\(path): cycle warning \(number) (\(SwiftComment.text(cycle.isEmpty ? caseName : cycleDescription)))"
    guard !cycle.isEmpty else { throw DebugError("\(place) names no cases in its cycle") }
    // Case names are names: text that could break a line (of a message, of a comment in an
    // exported test) is no case's name.
    guard ([caseName] + cycle).allSatisfy(SwiftComment.isOneLine) else {
      throw DebugError("\(place) names a case with a control or line-breaking character; a case name is one line of text")
    }
    // The detector fires at most once an action, and no session numbers more actions.
    guard seen <= SessionFileLimits.maximumIndex else {
      throw DebugError("\(place) was seen \(seen) times; a session holds at most \(SessionFileLimits.maximumIndex) actions")
    }
    let policies = CyclePolicy.allCases.map(\.rawValue).joined(separator: ", ")
    guard let policy = CyclePolicy(rawValue: policy) else {
      throw DebugError("\(place) has policy '\(self.policy)'; expected one of \(policies)")
    }
    guard let latestPolicy = latestPolicy.map(CyclePolicy.init(rawValue:)) ?? policy else {
      throw DebugError("\(place) has latest policy '\(latestPolicy ?? "")'; expected one of \(policies)")
    }
    let signal: CycleWarning.Signal
    switch (self.signal, reducedCount, windowNanoseconds, depth) {
    case ("frequency", let count?, let window?, _) where count >= 1 && window >= 0:
      signal = .frequency(count: count, window: .nanoseconds(window))
    case ("depth", _, _, let depth?) where depth >= 0:
      signal = .depth(depth)
    case ("frequency", _, _, _):
      throw DebugError("\(place) is a frequency warning without a count of at least 1 and a window of 0 ns or more")
    case ("depth", _, _, _):
      throw DebugError("\(place) is a depth warning without a depth of 0 or more")
    default:
      throw DebugError("\(place) has signal '\(self.signal)'; expected one of \(Self.signals.joined(separator: ", "))")
    }
    guard seen >= 1 else { throw DebugError("\(place) was seen \(seen) times; a warning is seen at least once") }
    guard firstSeen >= 0 else { throw DebugError("\(place) was first seen at \(firstSeen) ns, before the session began") }
    guard lastSeen >= firstSeen else {
      throw DebugError("\(place) was last seen at \(lastSeen) ns, before it was first seen (\(firstSeen) ns)")
    }
    // A chain is no longer than the actions a session holds; frames are numbered past the
    // elided ones, which must not overflow.
    guard (0...SessionFileLimits.maximumIndex).contains(elided) else {
      throw DebugError(
        "\(place) leaves out \(elided) frames of its chain; between 0 and \(SessionFileLimits.maximumIndex) can be left out")
    }
    let chain = Backtrace(
      frames: try frames.map { frame throws(DebugError) in try frame.restored(in: place) }, elidedCount: elided,
      root: try root.map { frame throws(DebugError) in try frame.restored(in: place) })
    let warning = CycleWarning(
      signal: signal, caseName: caseName, context: try context.restored(in: place), cycle: cycle, policy: policy)
    return CycleReport(
      warning: warning, path: self.path, count: seen, firstSeen: .nanoseconds(firstSeen),
      lastSeen: .nanoseconds(lastSeen), chain: chain, latestPolicy: latestPolicy)
  }

  /// `.ping → .pong → .ping`, for messages.
  private var cycleDescription: String {
    (cycle + cycle.prefix(1)).map { "." + $0 }.joined(separator: " → ")
  }
}

extension SavedCycleReport.SavedContext {
  init(_ context: ActionContext) {
    sequence = context.sequence
    parent = context.parent
    root = context.root
    depth = context.depth
    switch context.origin {
    case .external: origin = "external"
    case .tool: origin = "tool"
    case .effect: origin = "effect"
    case .job(let id):
      origin = "job"
      job = id.rawValue
    }
  }

  /// The context, or an error naming `place` when it says something no store records.
  func restored(in place: String) throws(DebugError) -> ActionContext {
    guard depth >= 0 else { throw DebugError("\(place) names an action at causal depth \(depth)") }
    let restoredOrigin: ActionOrigin
    switch (origin, job) {
    case ("external", _): restoredOrigin = .external
    case ("tool", _): restoredOrigin = .tool
    case ("effect", _): restoredOrigin = .effect
    case ("job", let id?): restoredOrigin = .job(JobID(id))
    case ("job", nil): throw DebugError("\(place) names an action sent by a job without the job's id")
    default:
      throw DebugError("\(place) names an action of origin '\(origin)'; expected one of external, tool, effect, job")
    }
    return ActionContext(sequence: sequence, parent: parent, root: root, depth: depth, origin: restoredOrigin)
  }
}

extension SavedCycleReport.SavedFrame {
  init(_ frame: BacktraceFrame) {
    action = frame.action
    caseName = frame.caseName
    context = .init(frame.context)
    index = frame.index
    origin = frame.origin
  }

  /// The frame, or an error naming `place` when its entry is out of range.
  func restored(in place: String) throws(DebugError) -> BacktraceFrame {
    if let index, !(1...SessionFileLimits.maximumIndex).contains(index) {
      throw DebugError("\(place) has a frame at entry \(index); entries are numbered from 1")
    }
    return BacktraceFrame(action: action, caseName: caseName, context: try context.restored(in: place), index: index, origin: origin)
  }
}
