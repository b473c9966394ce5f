import Sluice
import SluiceFiles

/// Actions a store reduced outside the debugger (a test store's), kept as a debugger
/// session's history keeps them, so that they can be written as a session file that `load`
/// opens like any other: its log replayed through the registered feature's reducer, each
/// entry with its origin and causal context, for `log`, `diff`, `show` and `bt`.
///
/// What it cannot know it leaves out: values read outside the debugger's control are not
/// recorded (a reducer that reads `Date()` diverges on load, and `load` says where; what a
/// registered feature's reducer reads through its environment is recorded when its store
/// gives it), and there are no breakpoints and no edits. It keeps the dependency values the
/// test overrode, which `load` names when replay diverges.
package struct RecordedSession<State: Codable & Equatable & Sendable, Action: Codable & Sendable> {
  /// The name the feature is registered under in the debugger.
  package let feature: String
  /// The dependency values the store's reducer overrode, which the file keeps.
  private let testOverrides: SavedTestOverrides
  private var history: History<State, Action>

  /// An empty record of `feature`, starting from `initialState`, whose reducer overrode
  /// `testOverrides` (a reducer's `dependencyOverrides`: names, `nil` for a closure).
  package init(feature: String, initialState: State, testOverrides: [String?] = []) {
    self.feature = feature
    self.testOverrides = SavedTestOverrides(testOverrides)
    // Never rewritten (nothing here skips or toggles an entry), so never replayed; the
    // limit only bounds what a file may index.
    history = History(
      base: initialState, limit: SessionFileLimits.maximumIndex, replay: { _, _, reads in
        ReplayedReads(reads: reads, readLive: false)
      })
  }

  /// The index of the last entry; 0 while there is none.
  package var lastIndex: Int { history.lastIndex }

  /// The index of the entry of the action numbered `sequence` by its store, if recorded.
  package func index(ofSequence sequence: UInt64) -> Int? {
    history.index(ofSequence: sequence)
  }

  /// Records an action the store reduced, in the order reduced.
  ///
  /// - Parameters:
  ///   - action: The action.
  ///   - origin: Who sent it, as the history names it (``EntryOrigin/user`` for what a test
  ///     sent, a job's kind and name for what an effect or middleware sent).
  ///   - context: Its causal context, as the store reported it.
  ///   - time: When it was reduced, on the store's clock, since the record began.
  ///   - reads: What its reduction read through the feature's environment, fed back on load.
  ///   - state: The state it left.
  package mutating func record(
    _ action: Action, origin: EntryOrigin, context: ActionContext, time: Duration, reads: [RecordedRead] = [],
    producing state: State
  ) {
    history.append(
      .action(action), context: context, origin: origin,
      nanoseconds: History<State, Action>.PackedEntry.nanoseconds(time), reduceNanoseconds: 0, changedPaths: nil,
      reads: reads, producing: state)
  }

  /// Writes the record to `path` as a session file, as `save` writes one: atomically, never
  /// through a symbolic link or over a special file.
  ///
  /// - Parameters:
  ///   - position: The entry the file opens at (`load` puts the session there, as `jump`
  ///     would); 0 is the base state, and the last entry needs no position.
  ///   - virtualTime: The virtual clock's time, for a record made on a virtual clock; a
  ///     session on virtual time moves its clock there when it loads the file.
  /// - Throws: When `position` is outside the record, a value cannot be encoded, or the file
  ///   cannot be written.
  package func write(to path: String, position: Int, virtualTime: Duration?) throws(DebugError) {
    guard (0...history.lastIndex).contains(position) else {
      throw DebugError("position \(position) is outside the record (0 to \(history.lastIndex))")
    }
    do {
      let fingerprint = SessionFingerprint.of(State.self, Action.self, initialState: history.base)
      var (file, _) = try history.sessionFile(
        feature: feature, fingerprint: fingerprint, breakpoints: [],
        position: position == history.lastIndex ? nil : position, virtualTime: virtualTime)
      file.testOverrides = testOverrides.isEmpty ? nil : testOverrides
      try AtomicFile.save(try file.encoded(masking: .none), to: path, replacing: .sessionFile)
    } catch let error as DebugError {
      throw error
    } catch {
      throw DebugError("cannot save to \(path): \(error)")
    }
  }
}
