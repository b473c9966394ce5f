import Sluice

/// The last value seen at each watchpoint's path, rendered, so that a watchpoint stops only
/// when the value really changes.
struct WatchSet {
  private var values: [Int: String] = [:]

  /// A watchpoint whose value changed.
  struct Change {
    let id: Int
    let path: StatePath
    let old: String
    let new: String
  }

  /// Compares the enabled watchpoints' values in `state` with the last ones seen, records
  /// the new values, and returns the changes.
  mutating func changes(in state: Any, breakpoints: [Breakpoint]) -> [Change] {
    var changes: [Change] = []
    for breakpoint in breakpoints where breakpoint.isEnabled {
      guard case .watch(let path) = breakpoint.kind else { continue }
      let value = Self.render(path, in: state)
      let old = values[breakpoint.id]
      guard value != old else { continue }
      values[breakpoint.id] = value
      changes.append(Change(id: breakpoint.id, path: path, old: old ?? "", new: value))
    }
    return changes
  }

  /// Takes the values in `state` as seen, without reporting changes: after the state was
  /// replaced rather than reduced (time travel, load), or a watchpoint was made or enabled.
  mutating func rebase(on state: Any, breakpoints: [Breakpoint]) {
    for breakpoint in breakpoints {
      if case .watch(let path) = breakpoint.kind {
        values[breakpoint.id] = Self.render(path, in: state)
      }
    }
  }

  mutating func forget(_ id: Int) {
    values[id] = nil
  }

  mutating func removeAll() {
    values.removeAll()
  }

  /// The value at `path` in `state`, rendered on one line, or why there is none.
  static func render(_ path: StatePath, in state: Any) -> String {
    do {
      return ValueTree(reflecting: try path.value(in: state)).compactDescription
    } catch {
      return "<\(error.description)>"
    }
  }
}
