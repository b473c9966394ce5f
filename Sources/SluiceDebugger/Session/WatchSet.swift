import Sluice

/// The last value seen at each watchpoint's path, rendered, so that a watchpoint stops only
/// when the value really changes.
///
/// A path that does not exist is no value: a watchpoint on it is pending, and stops when the
/// path appears with a value, then whenever that value changes or the path goes away again.
/// Between two states where it does not exist it does not stop, however the reason differs
/// (`index 1 is out of range (count 0)`, then `(count 1)`).
///
/// Values are rendered with the feature's secrets masked, like everything a client sees.
struct WatchSet {
  private var values: [Int: Seen] = [:]
  let redaction: Redaction

  init(redaction: Redaction = .none) {
    self.redaction = redaction
  }

  /// What a watchpoint's path showed.
  private enum Seen: Equatable {
    /// A value, rendered on one line.
    case value(String)
    /// No value; why not, in angle brackets.
    case missing(String)

    var text: String {
      switch self {
      case .value(let text), .missing(let text): text
      }
    }
  }

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
      let seen = look(at: path, in: state)
      let old = values[breakpoint.id]
      values[breakpoint.id] = seen
      switch (old, seen) {
      case (.missing?, .missing), (nil, .missing):
        continue
      case (let old, _) where old == seen:
        continue
      default:
        changes.append(Change(id: breakpoint.id, path: path, old: old?.text ?? "", new: seen.text))
      }
    }
    return changes
  }

  /// Takes the values in `state` as seen, without reporting changes: after the state was
  /// replaced rather than reduced (time travel, load), or a watchpoint was made or enabled.
  mutating func rebase(on state: Any, breakpoints: [Breakpoint]) {
    for breakpoint in breakpoints {
      if case .watch(let path) = breakpoint.kind {
        values[breakpoint.id] = look(at: path, in: state)
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
    WatchSet().look(at: path, in: state).text
  }

  private func look(at path: StatePath, in state: Any) -> Seen {
    do {
      return .value(redaction.masking(ValueTree(reflecting: try path.value(in: state)), at: path).compactDescription)
    } catch {
      return .missing("<\(error.description)>")
    }
  }
}
