import SluiceTesting
import Clocks
import Foundation
import Sluice
import SluiceDebugger
import Testing

/// Records what a ``SluiceTesting/TestStore`` reduces, as the debugger's history would, and writes it as a
/// session file when the test fails: the file the failure names, which the debugger's `load`
/// opens at the failing entry.
@MainActor
final class FailureSessionRecorder<State: Codable & Equatable & Sendable, Action: Codable & Sendable> {
  private var session: RecordedSession<State, Action>
  /// Where the files go, absolute.
  private let folder: String
  /// Time on the store's clock since the recorder was made.
  private let elapsed: () -> Duration
  /// Whether the store's clock is virtual (moves only when a test moves it), so the file
  /// keeps its time for a session on virtual time.
  private let isVirtual: Bool
  /// The kind and name of every job the store scheduled, for the origins of what they send.
  private var jobs: [JobID: (kind: JobKind, name: String)] = [:]
  /// Where a registered feature's reducer records what it reads, for a test store of one.
  private let readTape: ReadTape?
  /// How the failure's command starts the debugger (`sluice`, `swift run orders-debugger`).
  private let debugger: String

  /// A recorder of `feature`'s store, from `initialState`, on `clock`, writing into `folder`;
  /// its reducer overrode `testOverrides` (its `dependencyOverrides`), which the file keeps.
  /// `readTape`, when given, is where the store's reducer records its reads; `debugger` is
  /// how the failure's command starts the debugger.
  init(
    feature: String, initialState: State, testOverrides: [String?], clock: any Clock<Duration>, folder: String,
    readTape: ReadTape? = nil, debugger: String = "sluice"
  ) {
    self.debugger = debugger
    session = RecordedSession(feature: feature, initialState: initialState, testOverrides: testOverrides)
    self.readTape = readTape
    self.folder = folder
    elapsed = Self.stopwatch(on: clock)
    isVirtual = clock is ManualClock || clock is ImmediateClock<Duration> || clock is TestClock<Duration>
  }

  /// Takes in one of the store's events: each reduction becomes an entry, each job's kind
  /// and name is kept for the origin of what it sends.
  func observe(_ event: StoreEvent<State, Action>) {
    switch event {
    case .jobScheduled(let job):
      jobs[job.id] = (job.kind, job.name)
    case .didReduce(let action, let context, _, let newState, _):
      // Reported right after the reduction, before another begins: its reads are the tape's.
      let reads = readTape?.takeReads() ?? []
      session.record(
        action, origin: origin(of: context), context: context, time: elapsed(), reads: reads, producing: newState)
    default:
      break
    }
  }

  /// Writes what the test did so far as a session file that opens at the entry of the
  /// action numbered `sequence` (`nil`: the last entry, where the test stands), and returns
  /// what the failure says about it: the file, and how to open it, or why it could not be
  /// written.
  func writeSession(failingAt sequence: UInt64?) -> String {
    let path = folder + "/" + SessionFileName.claim(for: Test.current)
    let position = sequence.flatMap(session.index(ofSequence:)) ?? session.lastIndex
    do throws(DebugError) {
      try SessionFolder.create(folder)
      try session.write(to: path, position: position, virtualTime: isVirtual ? elapsed() : nil)
    } catch {
      return "\n\nThe test's session was not written to \(path): \(error.message)"
    }
    let count = session.lastIndex
    let place = position == 0 ? "its initial state" : "#\(position)"
    return "\n\nSession: \(path) (\(count) action\(count == 1 ? "" : "s"); opens at \(place), where the test failed)\n"
      + "Debug it: \(debugger) --feature \(Self.shellQuoted(session.feature)) -ex \(Self.shellQuoted("load " + path))"
  }

  /// Who sent the action with `context`, as the debugger's history names it: the test is
  /// the user; a job by its kind and name.
  private func origin(of context: ActionContext) -> EntryOrigin {
    switch context.origin {
    case .tool:
      return .user
    case .external:
      return .external
    case .effect:
      return .effect
    case .job(let id):
      let job = jobs[id]
      return .job(kind: job?.kind.rawValue ?? "job", name: job?.name ?? id.description)
    }
  }

  /// Reads the time elapsed on `clock` since now.
  private static func stopwatch<C: Clock>(on clock: C) -> () -> Duration where C.Duration == Duration {
    let start = clock.now
    return { start.duration(to: clock.now) }
  }

  /// `text` as one word for a POSIX shell: as it is when it needs no quotes, else in single
  /// quotes.
  static func shellQuoted(_ text: String) -> String {
    let plain = text.unicodeScalars.allSatisfy { scalar in
      scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-_./:@%+=,".unicodeScalars.contains(scalar))
    }
    if plain, !text.isEmpty { return text }
    return "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
  }
}
