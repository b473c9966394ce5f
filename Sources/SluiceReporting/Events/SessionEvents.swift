// The payloads of what a session reports as it runs: reductions, stops, cycles, jobs.

extension ProtocolEvent {
  /// An action was reduced: `reduced`.
  public struct Reduced: Codable, Sendable, Equatable {
    /// The history index of the entry.
    public var index: Int
    /// The action, as Swift-like text.
    public var action: String
    /// The action's case name.
    public var caseName: String
    /// Who sent it: `user`, `script`, `effect 'search'`, …
    public var origin: String
    /// Its causal depth: 0 for an action sent from outside.
    public var depth: Int
    /// When it was reduced, on the session's clock.
    public var timeNanoseconds: Int
    /// The state paths it changed, when known.
    public var changed: [String]? = nil
    /// What changed, path by path, when the diff is shown.
    public var changes: [StateChange]? = nil
    /// The diff as rendered lines, when it is shown.
    public var diff: [String]? = nil
    /// The kind of each line of `diff`, in order (`inserted`, `removed`, `plain`); left out
    /// when every line is plain.
    public var diffKinds: [RenderedLine.Kind]? = nil
    /// How a terminal shows the reduction when not in full (`set diff summary|off`):
    /// `summary` (the `changed` paths) or `off` (the headline alone); absent for `full`, when
    /// `diff` holds the lines. `changed` and `changes` are there whatever it says.
    public var diffDisplay: String? = nil
    /// `true` for an edit made with `set var` (its `action` is the command, `set var PATH =
    /// VALUE`); absent for an action reduced.
    public var edit: Bool? = nil
    /// `true` when time travel skips the entry (`toggle`); absent otherwise.
    public var skipped: Bool? = nil
    /// `true` when its replay read values it had not recorded; absent otherwise.
    public var readLiveOnReplay: Bool? = nil

    private enum CodingKeys: String, CodingKey {
      case index, action, caseName = "case", origin, depth, timeNanoseconds, changed, changes, diff, diffKinds
      case diffDisplay, edit, skipped, readLiveOnReplay
    }
  }

  /// One change of a diff: the value at `path` before and after, `nil` (JSON `null`) where
  /// there was none.
  public struct StateChange: Codable, Sendable, Equatable {
    /// The state path, as `print` takes it.
    public var path: String
    /// The value before, or `nil` when the path is new.
    public var old: String?
    /// The value after, or `nil` when the path is gone.
    public var new: String?

    /// Reads a change; `old` and `new` must be there, `null` where there was no value.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      path = try container.decode(String.self, forKey: .path)
      old = try container.decode(String?.self, forKey: .old)
      new = try container.decode(String?.self, forKey: .new)
    }

    init(path: String, old: String?, new: String?) {
      (self.path, self.old, self.new) = (path, old, new)
    }

    private enum CodingKeys: String, CodingKey { case path, old, new }

    /// Writes `old` and `new` as `null` rather than leaving them out.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(path, forKey: .path)
      try container.encode(old, forKey: .old)
      try container.encode(new, forKey: .new)
    }
  }

  /// The store stopped: `stopped`. Which keys are present depends on `reason`.
  public struct Stopped: Codable, Sendable, Equatable {
    /// `breakpoint`, `watchpoint`, `cycle`, `job`, `requested` or `step`.
    public var reason: String
    /// The breakpoint's or watchpoint's id.
    public var breakpoint: Int? = nil
    /// The watched path (a watchpoint).
    public var path: String? = nil
    /// The watched value before (a watchpoint).
    public var old: String? = nil
    /// The watched value after (a watchpoint).
    public var new: String? = nil
    /// The history index of the change (a watchpoint).
    public var index: Int? = nil
    /// The action stopped before (a breakpoint) or the cycle's case (a cycle).
    public var action: String? = nil
    /// The cycle detector's signal: `frequency` or `depth`.
    public var signal: String? = nil
    /// How many times the case was reduced within the window (frequency).
    public var count: Int? = nil
    /// The frequency window.
    public var windowNanoseconds: Int? = nil
    /// The causal depth reached (depth).
    public var depth: Int? = nil
    /// The cycle's cases, first repeated at the end: `[".ping", ".pong", ".ping"]`.
    public var cycle: [String]? = nil
    /// What the detector does: `warn`, `pause` or `break`.
    public var policy: String? = nil
    /// The job's number (a job breakpoint).
    public var job: Int? = nil
    /// The job's kind (a job breakpoint).
    public var kind: String? = nil
    /// The job's name (a job breakpoint).
    public var name: String? = nil
    /// The job's status (a job breakpoint).
    public var status: String? = nil
    /// The job's error, when it failed.
    public var error: String? = nil
    /// The stop as one line of text.
    public var message: String
  }

  /// The cycle detector warned: `cycle`.
  public struct CycleDetected: Codable, Sendable, Equatable {
    /// The case that crossed the limit.
    public var action: String
    /// `frequency` or `depth`.
    public var signal: String
    /// How many times the case was reduced within the window (frequency).
    public var count: Int? = nil
    /// The frequency window.
    public var windowNanoseconds: Int? = nil
    /// The causal depth reached (depth).
    public var depth: Int? = nil
    /// The cycle's cases, first repeated at the end.
    public var cycle: [String]
    /// What the detector does: `warn`, `pause` or `break`.
    public var policy: String
    /// The warning as one line of text, with its path.
    public var message: String
    /// The chain of causes, as `why` shows it.
    public var path: String
    /// How many times this cycle has been seen.
    public var seen: Int
    /// The warning as the shell shows it: the warning, the path, and the chain's frames.
    public var lines: [String]? = nil
    /// The kind of each line of `lines`, in order; left out when every line is plain.
    public var kinds: [RenderedLine.Kind]? = nil
  }

  /// A cycle already reported was seen again: `cycleRepeated`.
  public struct CycleRepeated: Codable, Sendable, Equatable {
    /// The cycle, as one line of text.
    public var cycle: String
    /// How many times it has been seen.
    public var seen: Int
  }

  /// An action was dropped without being reduced: `dropped`.
  public struct Dropped: Codable, Sendable, Equatable {
    /// The action, as Swift-like text.
    public var action: String
    /// Why: its job was cancelled, the store was released, time travel discarded it, …
    public var reason: String
  }

  /// A job failed: `jobFailed`.
  public struct JobFailed: Codable, Sendable, Equatable {
    /// The job's number, as `jobs` lists it.
    public var job: Int
    /// `effect`, `middleware` or `timer`.
    public var kind: String
    /// The job's name.
    public var name: String
    /// Its status as `jobs` shows it.
    public var status: String
    /// The error it failed with.
    public var error: String? = nil
  }

  /// A job was cancelled: `jobCancelled`.
  public struct JobCancelled: Codable, Sendable, Equatable {
    /// The job's number, as `jobs` lists it.
    public var job: Int
    /// `effect`, `middleware` or `timer`.
    public var kind: String
    /// The job's name.
    public var name: String
    /// Its status as `jobs` shows it.
    public var status: String
    /// The error it had failed with, if it had.
    public var error: String? = nil
    /// Why it was cancelled: `cancel`, `reset`, `jump 2`, …
    public var reason: String
  }

  /// The state was replaced without an action: `stateReplaced`.
  public struct StateReplaced: Codable, Sendable, Equatable {
    /// What replaced it: `jump 3`, `load`, `reset`, …
    public var reason: String
    /// The state paths that changed, when the diff is shown.
    public var changed: [String]? = nil
    /// What changed, path by path.
    public var changes: [StateChange]? = nil
    /// The diff as rendered lines.
    public var diff: [String]? = nil
    /// The kind of each line of `diff`, in order (`inserted`, `removed`, `plain`); left out
    /// when every line is plain.
    public var diffKinds: [RenderedLine.Kind]? = nil
  }

  /// The state holds a class instance: `referenceInState`.
  public struct ReferenceInState: Codable, Sendable, Equatable {
    /// Where in the state.
    public var path: String
    /// The class's name.
    public var typeName: String
    /// The warning as one line of text.
    public var message: String

    private enum CodingKeys: String, CodingKey { case path, typeName = "type", message }
  }

  /// Replaying history gave another state than the one recorded: `replayDiverged`.
  public struct ReplayDiverged: Codable, Sendable, Equatable {
    /// The command that replayed: `toggle`, `save` or `load`.
    public var command: String
    /// The first entry that diverged.
    public var index: Int
    /// Its action, as Swift-like text.
    public var action: String
    /// The state paths whose values differ.
    public var paths: [String]
    /// What differs, path by path: recorded (`old`) against replayed (`new`).
    public var changes: [StateChange]
    /// The likely cause and what to do, as one line of text.
    public var message: String
    /// What differs as rendered lines, recorded (−) against replayed (+).
    public var diff: [String]? = nil
    /// The kind of each line of `diff`, in order (`inserted`, `removed`, `plain`); left out
    /// when every line is plain.
    public var diffKinds: [RenderedLine.Kind]? = nil
    /// The likely cause, with its particulars; absent from writers older than it.
    public var cause: DivergenceCause? = nil
  }

  /// Why a replay diverged (`cause` of `replayDiverged`): its `kind`, and the particulars
  /// that kind has, the others absent.
  public struct DivergenceCause: Codable, Sendable, Equatable {
    /// `changedReducer` (the file was saved by another version of the feature),
    /// `testOverride` (the test that wrote the file overrode dependencies),
    /// `uncontrolledRead` (the reducer read what the debugger did not feed back) or
    /// `referenceInState` (the state holds a class instance).
    public var kind: String
    /// `changedReducer`: the file's fingerprint.
    public var savedFingerprint: String? = nil
    /// `changedReducer`: this build's fingerprint of the feature.
    public var fingerprint: String? = nil
    /// `testOverride`: the keys the test named with `.dependency(\.key, …)`.
    public var keys: [String]? = nil
    /// `testOverride`: `true` when a `.dependencies { … }` closure overrode keys that cannot be
    /// named.
    public var closure: Bool? = nil
    /// `uncontrolledRead`: the entry whose reads differ (the divergence's own when it read
    /// nothing the debugger controls).
    public var entry: Int? = nil
    /// `uncontrolledRead`: the names of the values the entry read live on replay, not having
    /// recorded them.
    public var readLive: [String]? = nil
    /// `uncontrolledRead`: the names of the recorded values the replay left unread.
    public var leftUnread: [String]? = nil
    /// `referenceInState`: where the class instance is, as a state path (empty: the root).
    public var path: String? = nil
    /// `referenceInState`: the class's name.
    public var typeName: String? = nil

    private enum CodingKeys: String, CodingKey {
      case kind, savedFingerprint, fingerprint, keys, closure, entry, readLive, leftUnread, path, typeName = "type"
    }
  }

  /// Events nobody took were dropped to bound memory: `eventsDropped`.
  public struct EventsDropped: Codable, Sendable, Equatable {
    /// How many, before the events that follow.
    public var count: Int
    /// The notice as one line of text.
    public var message: String
  }

  /// A command other than `advance` (whose answer says so) moved virtual time:
  /// `timeAdvanced`. A step that ran a job sleeping on the clock, a `load`.
  public struct TimeAdvanced: Codable, Sendable, Equatable {
    /// The session's time before, on the virtual clock.
    public var fromNanoseconds: Int
    /// The session's time after.
    public var toNanoseconds: Int
    /// The notice as one line of text: `advanced virtual time to 1.35s`.
    public var message: String
  }

  /// An action after a jump forked the timeline: `forked`.
  public struct Forked: Codable, Sendable, Equatable {
    /// The entry the timeline forked at: the new entry follows it.
    public var index: Int
    /// The first entry dropped.
    public var firstDropped: Int
    /// The last entry dropped.
    public var lastDropped: Int
    /// The notice as one line of text.
    public var message: String
  }

  /// A log point printed before an action, and the session went on: `traced`.
  public struct Traced: Codable, Sendable, Equatable {
    /// The log point's breakpoint number.
    public var breakpoint: Int
    /// The history index the action becomes.
    public var index: Int
    /// The action, as Swift-like text.
    public var action: String
    /// Its case name.
    public var caseName: String
    /// The values printed, in the log point's order.
    public var values: [PrintedValue]
    /// The line as the shell prints it: `trace 2: #5 .increment  count = 4`.
    public var message: String

    private enum CodingKeys: String, CodingKey {
      case breakpoint, index, action, caseName = "case", values, message
    }
  }

  /// One value a log point printed.
  public struct PrintedValue: Codable, Sendable, Equatable {
    /// The path, as typed.
    public var path: String
    /// The value on one line; left out when the path led nowhere there.
    public var value: String?
    /// Why the path led nowhere, when it did.
    public var problem: String?
  }
}
