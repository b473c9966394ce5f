// The fields of commands' typed answers: each command that answers with more than a
// confirmation has its own event, whose values a program can use (indexes, case names,
// origins, depths, paths, old and new values) beside the rendered `lines`.

extension ProtocolEvent {
  /// `help`: the commands described. Event `help`.
  public struct Help: Codable, Sendable, Equatable {
    /// The command asked about, or `nil` (left out) for the overview.
    public var topic: String? = nil
    /// The commands described: all of them, or the one asked about.
    public var commands: [HelpCommand]
  }

  /// One command as `help` describes it.
  public struct HelpCommand: Codable, Sendable, Equatable {
    /// Its full name.
    public var name: String
    /// The heading it is listed under.
    public var section: String
    /// The forms it takes.
    public var usage: [String]
    /// One line on what it does.
    public var summary: String
    /// Its short forms.
    public var aliases: [String]
    /// A line that uses it; empty when the feature gives none and the table's would name
    /// Sluice's own example features.
    public var example: String
  }

  /// `log`: history entries, oldest first. Event `logEntries`.
  public struct LogEntries: Codable, Sendable, Equatable {
    /// The entries listed.
    public var entries: [LogEntry]
    /// The entry the state is the result of after a jump (0: the base state), when it is not
    /// the last one; left out at the present.
    public var position: Int? = nil
    /// For a filtered `log` (`case`, `changed`, `origin`): where the entries lie among all
    /// that match; left out for `log [N]` and `log from I [N]`, whose indexes say it.
    public var window: Window? = nil
  }

  /// Where a window of a filtered listing lies among everything that matched, so a client
  /// can page (`log case todo.* from 40 20`, `jobs --all from 7 50`).
  public struct Window: Codable, Sendable, Equatable {
    /// How many matching items come before the first one listed: the window's row in the
    /// whole listing.
    public var offset: Int
    /// How many items match in all, listed or not.
    public var total: Int
  }

  /// One history entry.
  public struct LogEntry: Codable, Sendable, Equatable {
    /// Its history index.
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
    /// How long its reducer ran, in real time.
    public var durationNanoseconds: Int
    /// The state paths it changed, when known.
    public var changed: [String]? = nil
    /// Whether `toggle` skips it.
    public var skipped: Bool
    /// Whether its last replay made a dependency read that was not recorded.
    public var readLiveOnReplay: Bool

    private enum CodingKeys: String, CodingKey {
      case index, action, caseName = "case", origin, depth, timeNanoseconds, durationNanoseconds, changed,
        skipped, readLiveOnReplay
    }
  }

  /// `show`: one entry and what it changed. Event `entry`.
  public struct Entry: Codable, Sendable, Equatable {
    /// The entry.
    public var entry: LogEntry
    /// What it changed, path by path.
    public var changes: [StateChange]
  }

  /// `diff`: what changed between two states. Event `diff`.
  public struct Diff: Codable, Sendable, Equatable {
    /// Which two states, as the shell titles them.
    public var title: String
    /// The paths that differ.
    public var changed: [String]
    /// What differs, path by path.
    public var changes: [StateChange]
  }

  /// `find`: the paths whose key or value matched. Event `matches`.
  public struct Matches: Codable, Sendable, Equatable {
    /// The text searched for.
    public var text: String
    /// The entry whose state was searched, or `nil` (left out) for the current state.
    public var index: Int? = nil
    /// What matched, in the state's order.
    public var matches: [Match]
  }

  /// One path `find` matched and its value.
  public struct Match: Codable, Sendable, Equatable {
    /// The path, as `print` takes it.
    public var path: String
    /// Its value on one line.
    public var value: String
  }

  /// `break`, `tbreak`, `watch`: the breakpoint made. Event `breakpointAdded`.
  public struct BreakpointAdded: Codable, Sendable, Equatable {
    /// The breakpoint.
    public var breakpoint: BreakpointEntry
    /// What to know about it: a glob that matches no case today, a path that does not
    /// exist yet (the watchpoint is pending).
    public var notes: [String]
  }

  /// `info breakpoints`: every breakpoint. Event `breakpoints`.
  public struct Breakpoints: Codable, Sendable, Equatable {
    /// The breakpoints, by id.
    public var breakpoints: [BreakpointEntry]
  }

  /// One breakpoint or watchpoint.
  public struct BreakpointEntry: Codable, Sendable, Equatable {
    /// The number commands use.
    public var id: Int
    /// `action`, `watch`, `cycle`, `job` or `trace` (a log point).
    public var kind: String
    /// The case glob (`action`, `trace`) or job name glob (`job`).
    public var pattern: String? = nil
    /// The condition on the state, as typed (`action`, `trace`).
    public var condition: String? = nil
    /// The watched path (`watch`).
    public var path: String? = nil
    /// The paths a log point prints, as typed (`trace`).
    public var prints: [String]? = nil
    /// Whether it can stop the session.
    public var enabled: Bool
    /// Whether it deletes itself after stopping once.
    public var once: Bool
    /// How many more matches it lets pass.
    public var ignoreCount: Int
    /// How many times it matched.
    public var hits: Int
  }

  /// `info jobs`, `jobs`: the jobs running or waiting. Event `jobs`.
  public struct Jobs: Codable, Sendable, Equatable {
    /// The jobs, by number.
    public var jobs: [JobEntry]
  }

  /// One job.
  public struct JobEntry: Codable, Sendable, Equatable {
    /// The job's number.
    public var job: Int
    /// `effect`, `middleware`, `timer` or `subscription`.
    public var kind: String
    /// Its name.
    public var name: String
    /// Its status.
    public var status: String
    /// Whether the session holds it for stepping.
    public var held: Bool
    /// The history index of the action that started it, when still kept.
    public var parentIndex: Int? = nil
    /// The ids it can be cancelled by.
    public var cancellationIDs: [String]
  }

  /// `jobs --all [N | from I [N]]`: every job the session saw, running or ended, oldest
  /// launch first, or a window of them. Event `jobSpans`.
  public struct JobSpans: Codable, Sendable, Equatable {
    /// The spans.
    public var spans: [JobSpanEntry]
    /// Where they lie among all the session's spans; always written, optional for what
    /// sessions without windows wrote.
    public var window: Window? = nil
  }

  /// One job's life: when it was launched and ended on the session's clock (virtual time
  /// under a virtual clock), in integer nanoseconds since the session started.
  public struct JobSpanEntry: Codable, Sendable, Equatable {
    /// The job's number, as `jobs` lists it.
    public var id: Int
    /// Its name.
    public var name: String
    /// `effect`, `middleware`, `timer` or `subscription`.
    public var kind: String
    /// The history index of the action whose reduction launched it; absent when unknown or
    /// no longer kept.
    public var parent: Int? = nil
    /// When it was launched.
    public var launched: Int
    /// When it ended; absent while it runs.
    public var ended: Int? = nil
    /// `running`, `finished`, `cancelled` or `failed`.
    public var outcome: String
    /// Why it was cancelled, or the error it failed with; absent otherwise.
    public var reason: String? = nil
  }

  /// `info features`, `features`: the registered features. Event `features`.
  public struct Features: Codable, Sendable, Equatable {
    /// The features, in registration order.
    public var features: [FeatureEntry]
  }

  /// One registered feature.
  public struct FeatureEntry: Codable, Sendable, Equatable {
    /// Its name.
    public var name: String
    /// Its one-line summary.
    public var summary: String
    /// Whether commands apply to it now.
    public var current: Bool
    /// Whether it has a session.
    public var loaded: Bool
  }

  /// `info cycles`: the cycles the detector reported. Event `cycles`.
  public struct Cycles: Codable, Sendable, Equatable {
    /// The cycles, in the order first seen.
    public var cycles: [CycleEntry]
  }

  /// One cycle the detector reported.
  public struct CycleEntry: Codable, Sendable, Equatable {
    /// The case that repeated.
    public var action: String
    /// The chain of cases that forms the cycle, first to repeated.
    public var cycle: [String]
    /// `frequency` or `depth`.
    public var signal: String
    /// The policy that applied to the latest sighting: `warn`, `pause` or `break`.
    public var policy: String
    /// The causal path the cycle runs along.
    public var path: String
    /// How many times it was seen.
    public var seen: Int
    /// When it was first seen, on the session's clock.
    public var firstSeenNanoseconds: Int
    /// When it was last seen.
    public var lastSeenNanoseconds: Int
  }

  /// `info settings`: the session's settings. Event `settings`.
  public struct Settings: Codable, Sendable, Equatable {
    /// The current feature.
    public var feature: String
    /// Its State and Action types.
    public var types: String
    /// `idle`, `running` or `paused`.
    public var status: String
    /// `full`, `summary` or `off`.
    public var diffDisplay: String
    /// Whether time is virtual.
    public var virtualClock: Bool
    /// The session's time.
    public var elapsedNanoseconds: Int
    /// The wait limit (`set wait limit`): how long `wait`, `continue`, `advance` and
    /// stepping wait in real time for jobs that show no progress; absent for no limit.
    public var waitLimitNanoseconds: Int?
    /// The cycle detector's settings, as `set cycle` reports them.
    public var cycleDetection: String
    /// How many history entries are kept.
    public var historyLimit: Int
    /// While an original timeline is kept (after `replace`, `toggle`, `insert` or `shrink`),
    /// where the two part; absent otherwise.
    public var original: Original? = nil
  }

  /// The original timeline kept before the first what-if, as `info settings` reports it.
  public struct Original: Codable, Sendable, Equatable {
    /// Its last entry.
    public var last: Int
    /// The first entry where it and the timeline differ; absent when they are the same.
    public var firstDifferent: Int?
  }

  /// `backtrace`: the causal chain of the current action. Event `backtrace`.
  public struct Backtrace: Codable, Sendable, Equatable {
    /// The frames, the current action first and its root last.
    public var frames: [Frame]
    /// How many frames between the shown ones and the root were left out.
    public var elided: Int
  }

  /// One frame of a backtrace.
  public struct Frame: Codable, Sendable, Equatable {
    /// The action.
    public var action: String
    /// Its case name.
    public var caseName: String
    /// Its causal depth.
    public var depth: Int
    /// Its history index, when it was reduced and is still kept.
    public var index: Int? = nil
    /// Who sent it, when known.
    public var origin: String? = nil

    private enum CodingKeys: String, CodingKey { case action, caseName = "case", depth, index, origin }
  }

  /// `toggle`: whether the entry is now skipped. Event `toggled`.
  public struct Toggled: Codable, Sendable, Equatable {
    /// The entry's history index.
    public var index: Int
    /// Whether replay now skips it.
    public var skipped: Bool
  }

  /// `save`: where the session went. Event `saved`.
  public struct Saved: Codable, Sendable, Equatable {
    /// The file written.
    public var path: String
  }

  /// `load`: what replaying the file found. Event `loaded`.
  public struct Loaded: Codable, Sendable, Equatable {
    /// The file read.
    public var path: String
    /// How many actions were replayed.
    public var replayed: Int
    /// Whether the State and Action types look different from when the file was saved.
    public var typesChanged: Bool
    /// The first entry whose replayed state differs from the file, if one does.
    public var divergedAt: Int? = nil
    /// The file's breakpoints that could not be rebuilt, as commands would make them.
    public var unrestoredBreakpoints: [String]
    /// The feature in use before, when `load` switched to the one that saved the file.
    public var switchedFrom: String? = nil
  }

  /// `use`: the feature switched to. Event `switched`.
  public struct Switched: Codable, Sendable, Equatable {
    /// Its name.
    public var feature: String
    /// Its one-line summary.
    public var summary: String
  }

  /// `frame`, `up`, `down`: the frame selected, which `print` and `diff` now look at. Event
  /// `frame`.
  public struct SelectedFrame: Codable, Sendable, Equatable {
    /// Its number in `bt`: 0 for the current action.
    public var number: Int
    /// The frame.
    public var frame: Frame
  }

  /// `display PATH`, `info display`: the displays and their values now. Event `displays`.
  public struct Displays: Codable, Sendable, Equatable {
    /// The displays, by number.
    public var displays: [Display]
  }

  /// One display: a path printed after every stop or step.
  public struct Display: Codable, Sendable, Equatable {
    /// Its number (`undisplay 1`).
    public var number: Int
    /// Its path, as typed.
    public var path: String
    /// The value there on one line, or `nil` (left out) when the path leads nowhere now.
    public var value: String? = nil
    /// Why there is no value, when there is none.
    public var error: String? = nil
  }
}
