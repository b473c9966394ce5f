import Sluice

/// A session as the steps of a test that replays it with `TestStore` (`export test`): what
/// the engine knows of the session, as values. A writer above the engine turns it into
/// Swift source, and says in comments where the test cannot reproduce the session.
public struct TestDescription: Sendable, Equatable {
  /// How the test builds its store.
  public struct Setup: Sendable, Equatable {
    /// The name of the test's suite, as asked (a writer makes it a Swift type name).
    public var suiteName: String
    /// The registered feature the store is built from.
    public var featureName: String
    /// Where the session came from: `a debugging session`, `the session file x.json`.
    public var origin: String
    /// The module a test imports to reach the registry.
    public var registryModule: String
    /// The registry's name in ``registryModule``.
    public var registryName: String
    /// The module that declares the feature's state, imported `@testable`.
    public var featureModule: String
    /// The state's and the action's type names, as the feature's module writes them.
    public var stateType: String
    /// The action's type name.
    public var actionType: String
    /// The state the session started from, secrets masked, when it is not the feature's
    /// own initial state (a history trimmed by its limit, a loaded file); `nil` otherwise.
    public var initialState: ValueTree?
    /// Whether the session ran on the real clock: the test moves virtual time by the times
    /// measured then.
    public var ranOnRealClock: Bool
    /// Class instances in the starting state, by path (`""`: the state itself) and type:
    /// the history shares them, so the changes a test asserts may not be the store's.
    public var references: [Reference]
  }

  /// A class instance in the state.
  public struct Reference: Sendable, Equatable {
    /// Where it is (`""`: the state itself).
    public var path: String
    /// Its type's name.
    public var typeName: String
  }

  /// What the cycle detector did in the session, which the test asserts.
  public struct Cycles: Sendable, Equatable {
    /// How the session's `pause` policy is written in a test, which cannot answer a pause
    /// as a person did.
    public enum PauseAnswer: Sendable, Equatable {
      /// The session ended paused at the warning: the test drops the action, as `break` does.
      case endedPaused
      /// The session went on past the pause: the test reduces the actions, as `warn` does.
      case wentOn
    }

    /// The settings the test's store runs with, so the detector fires where it fired.
    public var detection: CycleDetection
    /// Why the test's policy is not the session's, when the session's was `pause`.
    public var pauseAnswer: PauseAnswer?
    /// Each distinct cycle (`a → b → a`), with how many times it was warned of, in the order
    /// first seen.
    public var warnings: [Warning]
    /// When the detector last fired, on the session's clock.
    public var lastSeen: Duration
  }

  /// A distinct cycle the detector warned of.
  public struct Warning: Sendable, Equatable {
    /// The cycle, as the warning describes it (`a → b → a`).
    public var cycle: String
    /// How many times it was warned of.
    public var count: Int
  }

  /// One history entry as the test replays it.
  public struct Entry: Sendable, Equatable {
    /// Who sent the action, which decides the call that replays it.
    public enum Call: Sendable, Equatable {
      /// The user, a script or the program sent it: `send`.
      case send
      /// An effect or middleware sent it: `receive`.
      case receive
    }

    /// What the test does about the values the action read.
    public enum Reads: Sendable, Equatable {
      /// Nothing: it read nothing, or what a test store reads on its own.
      case readOnItsOwn
      /// The test feeds the values recorded.
      case fed([RecordedRead])
      /// A received action read values a test does not read on its own and `receive` cannot
      /// feed: the test reads them live.
      case readLive
    }

    /// The entry's index in the history.
    public var index: Int
    /// The call that replays it.
    public var call: Call
    /// The action, reflected.
    public var action: ValueTree
    /// The action as the debugger writes it, for notes.
    public var actionText: String
    /// Whether the entry was skipped with `toggle` (the store reduced it all the same).
    public var isSkipped: Bool
    /// The values the test feeds, or why it feeds none.
    public var reads: Reads
    /// The change the action made, as the parts of the state to assign (see
    /// ``TestDescription/Assignment``).
    public var changes: [Assignment]
  }

  /// A part of the state an action changed, with its value after, secrets masked: the
  /// nearest part above a changed path that both states have and Swift can assign (an
  /// element added or removed assigns the whole collection; a change inside an enum's
  /// payload assigns the enum).
  public struct Assignment: Sendable, Equatable {
    /// Where it is in the state: properties, array indices, a dictionary key last, optional
    /// chaining.
    public var path: StatePath
    /// Its value after the action.
    public var value: ValueTree
  }

  /// One thing the test does, in the order the session did it, each at a time on the
  /// session's clock (the test's clock advances to it first).
  public enum Step: Sendable, Equatable {
    /// An action sent or received.
    case entry(Entry, at: Duration)
    /// An edit by hand (`set var`), which a test store cannot make: the test goes on
    /// without it; `isSkipped`: it was skipped with `toggle`.
    case edit(index: Int, isSkipped: Bool, at: Duration)
    /// Jobs cancelled by hand, by name; `hadNamesakes`: `cancel` chose one of several.
    case cancelJobs(named: String, hadNamesakes: Bool, at: Duration)
  }

  /// The failure a session was shrunk to show (`shrink`): the test asserts it does not
  /// happen, so it fails for that reason until the code is fixed.
  public enum Failure: Sendable, Equatable {
    /// The last state satisfies the condition, as typed (`count < 0`).
    case condition(String)
    /// The cycle detector warns of the cycle, as a warning describes it (`.a → .b → .a`).
    case cycle(String)
    /// A job of this name ends by throwing.
    case failedJob(String)
  }

  /// How the test builds its store.
  public var setup: Setup
  /// What the cycle detector did; `nil` when it never fired.
  public var cycles: Cycles?
  /// The test's steps.
  public var steps: [Step]
  /// Where the session's clock got after the last step: the test's gets there too.
  public var end: Duration
  /// The jobs still running when the session ended, by name: the test lets them go.
  public var runningJobs: [String]
  /// The failure the session's timeline was shrunk to show, which the test asserts does not
  /// happen; `nil` when the timeline is not a `shrink`'s.
  public var failure: Failure?

  /// How many history entries the test replays: actions sent or received, and edits.
  public var actionCount: Int {
    steps.count { if case .cancelJobs = $0 { false } else { true } }
  }
}
