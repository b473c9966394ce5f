import Foundation
import Sluice

extension Archivist {
  /// The session as the steps of a test that reproduces it with `TestStore`: each action
  /// the user sent, sent; each action effects and middleware sent, received in order; each
  /// change as the parts of the state to assign; virtual time advanced where the session's
  /// moved; jobs cancelled by hand where they were.
  ///
  /// - Parameters:
  ///   - registry: How the test reaches the registry, `Module.name`: the test builds its
  ///     store from the registered feature, as the session did.
  ///   - origin: Where the session came from, for the header comment.
  ///   - name: The name of the test's suite (the file's, by convention).
  func describeTest(registry: String, origin: String, name: String) throws(DebugError) -> TestDescription {
    let parts = registry.split(separator: ".", maxSplits: 1).map(String.init)
    guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
      throw DebugError("the registry is named \(registry); a test reaches it as Module.name")
    }
    let base = history.state(after: history.firstIndex - 1)
    let baseTree = ValueTree(reflecting: base)
    let setup = TestDescription.Setup(
      suiteName: name, featureName: featureName, origin: origin, registryModule: parts[0], registryName: parts[1],
      featureModule: String(String(reflecting: State.self).prefix { $0 != "." }),
      stateType: TypeName.short(State.self), actionType: TypeName.short(Action.self),
      initialState: baseTree == ValueTree(reflecting: session.initialState)
        ? nil : redaction.masking(baseTree, at: StatePath()),
      ranOnRealClock: manualClock == nil,
      references: ReferenceScan.references(in: base).map { .init(path: $0.path, typeName: $0.typeName) })
    let cycles = describedCycles
    var steps: [TestDescription.Step] = []
    // Jobs cancelled by hand, replayed where they were: no entry records them, their spans do.
    var cancellations = cancelledByHand(after: history.firstIndex - 1)[...]
    func cancelJobs(before index: Int) {
      var described: [(entry: Int, name: String)] = []
      while let next = cancellations.first, next.cancel.afterIndex < index {
        cancellations.removeFirst()
        // `cancel NAME` cancels every job of that name, as one call does.
        if described.contains(where: { $0 == (next.cancel.afterIndex, next.name) }) { continue }
        described.append((next.cancel.afterIndex, next.name))
        steps.append(.cancelJobs(named: next.name, hadNamesakes: next.cancel.hadNamesakes, at: next.time))
      }
    }
    // Each state reflected once: the state after one entry is the state before the next.
    var before = (state: base, tree: baseTree)
    var ownReads = OwnReads()
    var states = history.stateCursor
    for entry in history.entries {
      cancelJobs(before: entry.index)
      let afterState = states.state(after: entry.index)
      let after = (state: afterState, tree: ValueTree(reflecting: afterState))
      defer { before = after }
      guard case .action(let action) = entry.action else {
        steps.append(.edit(index: entry.index, isSkipped: entry.isSkipped, at: entry.time))
        continue
      }
      // By who sent it, as the history says: a loaded session replayed every entry itself.
      let call: TestDescription.Entry.Call = entry.origin.isSentFromOutside ? .send : .receive
      let reads: TestDescription.Entry.Reads
      if entry.reads.isEmpty || ownReads.reproduces(entry.reads, at: entry.time) {
        reads = .readOnItsOwn
      } else {
        reads = call == .send ? .fed(entry.reads) : .readLive
      }
      let described = TestDescription.Entry(
        index: entry.index, call: call, action: ValueTree(reflecting: action), actionText: describer.describe(action),
        isSkipped: entry.isSkipped, reads: reads, changes: Self.assignments(from: before, to: after, masking: redaction))
      steps.append(.entry(described, at: entry.time))
    }
    cancelJobs(before: .max)
    // From the spans, not the store: a loaded session's jobs in flight are the file's spans
    // still running (a flight recording nearly always has one); its store has none.
    let running = jobSpans.filter { $0.outcome == .running && $0.kind != .subscription }
    return TestDescription(
      setup: setup, cycles: cycles, steps: steps,
      // What happened after the last entry happens in the test too: the clock gets where the
      // session's got (on the real clock, where the detector last fired).
      end: max(manualClock == nil ? .zero : elapsedTime, cycles?.lastSeen ?? .zero),
      runningJobs: running.map(\.name), failure: shrunkFailure)
  }

  /// The failure the timeline was shrunk to show, while it is a `shrink`'s.
  private var shrunkFailure: TestDescription.Failure? {
    guard timeline.original != nil, let goal = session.replayed?.goal else { return nil }
    switch goal {
    case .condition(let condition): return .condition(condition.description)
    case .cycle(let warning): return .cycle(warning.cycleDescription)
    case .failedJob(let name): return .failedJob(name)
    }
  }

  /// The jobs cancelled by hand after entry `firstIndex` or later and kept in the history,
  /// in the order cancelled: each with its name, when and after which entry.
  private func cancelledByHand(after firstIndex: Int) -> [(name: String, time: Duration, cancel: JobSpan.CancelledByHand)] {
    let lastIndex = history.lastIndex
    let cancelled = jobSpans.compactMap { span -> (name: String, time: Duration, cancel: JobSpan.CancelledByHand)? in
      guard let cancel = span.cancelledByHand, let time = span.ended, (firstIndex...lastIndex).contains(cancel.afterIndex)
      else { return nil }
      return (span.name, time, cancel)
    }
    // Spans are in launch order; cancels went in time, and one `cancel` in launch order.
    return cancelled.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
  }
}
