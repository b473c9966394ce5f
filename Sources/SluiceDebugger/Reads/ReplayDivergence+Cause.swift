extension ReplayDivergence {
  /// Why a replay diverged, each with its own message and the fix that applies.
  public enum Cause: Sendable, Equatable {
    /// The file was saved by another version of the feature: its fingerprint
    /// (`savedFingerprint`) is not this build's (`fingerprint`), so the State or Action types
    /// changed, and the reducer may have too.
    case changedReducer(savedFingerprint: String, fingerprint: String)
    /// The test store that wrote the file ran the reducer with dependency values of its own:
    /// the keys `.dependency(\.key, …)` named (`uuid`), and whether a `.dependencies { … }`
    /// closure overrode keys that cannot be named.
    case testOverride(keys: [String], closure: Bool)
    /// The reducer read, at entry `entry` (its action `action`), values the debugger did not
    /// feed back: `readLive` were read live, not having been recorded with it; `leftUnread`
    /// were recorded but not read again. Both empty: it read nothing the debugger controls,
    /// yet its state changed (a `Date()`, a `UUID()`, a global).
    case uncontrolledRead(entry: Int, action: String, readLive: [String], leftUnread: [String])
    /// The state holds a class instance at `path`, of type `typeName`, that every recorded
    /// state shares: what the reducer changes in it in place is not recorded.
    case referenceInState(path: String, typeName: String)

    /// The cause and its fix, said of the divergence at entry `index`.
    func explanation(at index: Int) -> String {
      switch self {
      case .changedReducer(let saved, let current):
        return "the file was saved by another version of the feature (fingerprint \(saved); this build's is "
          + "\(current)): its State or Action types changed since, and the reducer may have too; replay the file with "
          + "the build that saved it, or keep the states replayed now: `commit`, then `save` again"
      case .testOverride(let keys, let closure):
        var overrides: [String] = []
        if !keys.isEmpty { overrides.append("overrode " + Self.list(keys.map(Self.quoted)) + " with .dependency(…)") }
        if closure { overrides.append("overrode dependencies with .dependencies { … }") }
        return "the test " + overrides.joined(separator: " and ")
          + " when it recorded this session, values the registered feature does not run with; state the value in the "
          + "feature's registration (`dependencies: { … }`), or drop the override from the test"
      case .uncontrolledRead(let entry, let action, let readLive, let leftUnread):
        guard !readLive.isEmpty || !leftUnread.isEmpty else {
          return (entry == index ? "it" : "#\(entry) \(action)") + " read nothing the debugger controls, yet its state "
            + "changed: the reducer reads a value the debugger does not control, such as `Date()`, `UUID()`, a random "
            + "number, a global, or a class instance in the state; read it through `@Dependency(\\.date)`, "
            + "`@Dependency(\\.uuid)` or `@Dependency(\\.withRandomNumberGenerator)` in a feature registered with "
            + "`controlled(by:)`, or through `environment.recorded`"
        }
        var what: [String] = []
        if !readLive.isEmpty {
          what.append("read " + Self.list(readLive.map(Self.quoted)) + " live on replay, not having recorded it")
        }
        if !leftUnread.isEmpty {
          what.append("left its recorded " + Self.list(leftUnread.map(Self.quoted)) + " unread")
        }
        return (entry == index ? "it" : "#\(entry) \(action)") + " " + what.joined(separator: " and ")
          + ": the values it reads are not the ones recorded with it (the session was recorded without them, or a "
          + "toggle changed what it reads); record them where the store runs: register the feature with "
          + "`controlled(by:)`, give a production store `recordingDependencies()`, or read a value of your own "
          + "through `environment.recorded`"
      case .referenceInState(let path, let typeName):
        return "the state holds a class instance at " + (path.isEmpty ? "its root" : "`\(path)`") + " (`\(typeName)`), "
          + "which every recorded state shares, so what the reducer changes in it in place is not recorded; make "
          + "`\(typeName)` a value type (a struct)"
      }
    }

    /// A key or read name in code voice; a key named by its value's type as it is.
    private static func quoted(_ name: String) -> String {
      name.contains(" ") ? name : "`\(name)`"
    }

    /// `a`, `a and b`, `a, b and c`.
    private static func list(_ items: [String]) -> String {
      items.count < 2 ? items.joined() : items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
    }
  }
}

extension ReplayDivergence.Cause {
  /// The likeliest cause of a divergence at entry `index` (its action `action`), the most
  /// certain first: the file's fingerprint is not this build's (`fingerprints`); the test that
  /// wrote the file overrode dependencies (`testOverrides`); an entry among `replays` (those
  /// where replay may first differ, in order) read values live or left recorded ones unread;
  /// `stateBefore`, the state the entry replayed from, holds a class instance; else the
  /// reducer read nothing the debugger controls.
  static func likeliest(
    at index: Int, action: String, fingerprints: (saved: String, current: String)? = nil,
    testOverrides: SavedTestOverrides? = nil, replays: [(entry: Int, action: String, reads: ReplayedReads)],
    stateBefore: Any
  ) -> Self {
    if let fingerprints, fingerprints.saved != fingerprints.current {
      return .changedReducer(savedFingerprint: fingerprints.saved, fingerprint: fingerprints.current)
    }
    if let testOverrides, !testOverrides.isEmpty {
      return .testOverride(keys: testOverrides.keys ?? [], closure: testOverrides.closure ?? false)
    }
    if let replay = replays.first(where: { !$0.reads.namesReadLive.isEmpty || !$0.reads.namesLeftUnread.isEmpty }) {
      return .uncontrolledRead(
        entry: replay.entry, action: replay.action, readLive: replay.reads.namesReadLive,
        leftUnread: replay.reads.namesLeftUnread)
    }
    if let reference = ReferenceScan.references(in: stateBefore, limit: 1).first {
      return .referenceInState(path: reference.path, typeName: reference.typeName)
    }
    return .uncontrolledRead(entry: index, action: action, readLive: [], leftUnread: [])
  }
}
