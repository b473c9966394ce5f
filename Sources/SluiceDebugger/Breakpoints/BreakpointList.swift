/// A session's breakpoints, numbered in the order made.
@usableFromInline
struct BreakpointList {
  @usableFromInline private(set) var all: [Breakpoint] = []
  private var nextID = 1
  /// The id of the breakpoint made last (`$bpnum`), even if deleted since.
  private(set) var lastMadeID: Int?
  /// The command lists of breakpoints that stopped, not yet taken to be run.
  private var pendingCommands: [StopCommands] = []

  mutating func add(_ kind: Breakpoint.Kind, isOneShot: Bool = false, ignoreCount: Int = 0) -> Breakpoint {
    let breakpoint = Breakpoint(id: nextID, kind: kind.normalized, isOneShot: isOneShot, ignoreCount: ignoreCount)
    nextID += 1
    lastMadeID = breakpoint.id
    all.append(breakpoint)
    return breakpoint
  }

  /// Adds a breakpoint under the id it was saved with (a load of a session file), so ids survive save and
  /// load; later breakpoints are numbered after the highest.
  mutating func restore(_ breakpoint: Breakpoint) {
    var restored = breakpoint
    restored.kind = breakpoint.kind.normalized
    all.append(restored)
    nextID = max(nextID, breakpoint.id + 1)
  }

  mutating func remove(_ id: Int) -> Breakpoint? {
    guard let index = all.firstIndex(where: { $0.id == id }) else { return nil }
    return all.remove(at: index)
  }

  mutating func removeAll() { all.removeAll() }

  mutating func update(_ id: Int, _ change: (inout Breakpoint) -> Void) -> Breakpoint? {
    guard let index = all.firstIndex(where: { $0.id == id }) else { return nil }
    change(&all[index])
    return all[index]
  }

  /// Counts a match of the breakpoint at `id`, and says whether it stops: enabled, past its
  /// ignore count. A one-shot breakpoint that stops is removed.
  mutating func hit(_ id: Int) -> Bool {
    guard let index = all.firstIndex(where: { $0.id == id }), all[index].isEnabled else { return false }
    all[index].hitCount += 1
    if all[index].ignoreCount > 0 {
      all[index].ignoreCount -= 1
      return false
    }
    // Taken now: a one-shot breakpoint is gone by the time they run.
    if !all[index].commands.isEmpty { pendingCommands.append(StopCommands(id: id, lines: all[index].commands)) }
    if all[index].isOneShot { all.remove(at: index) }
    return true
  }

  /// Whether stops left command lists to run.
  var hasPendingCommands: Bool { !pendingCommands.isEmpty }

  /// The command lists of the breakpoints that stopped since the last call, oldest first.
  mutating func takePendingCommands() -> [StopCommands] {
    defer { pendingCommands.removeAll() }
    return pendingCommands
  }

  @inlinable var isEmpty: Bool { all.isEmpty }
}

extension Breakpoint.Kind {
  /// The kind with an action pattern typed with its leading dot (`.pay*`) stored without
  /// it, as case names are: matching and descriptions then agree.
  var normalized: Self {
    guard case .action(let pattern, let condition) = self, pattern.hasPrefix(".") else { return self }
    return .action(pattern: String(pattern.dropFirst()), condition: condition)
  }
}
