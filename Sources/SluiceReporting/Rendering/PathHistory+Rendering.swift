import SluiceDebugger

extension PathHistory: RenderableAnswer {
  /// One line per change, `#3 .increment  ← user  count: 1 → 2`, after a line that says how
  /// many there are when the window leaves some out.
  public func lines(in renderer: TextRenderer) -> [RenderedLine] {
    guard !changes.isEmpty else {
      return [RenderedLine(.plain, total == 0 ? "no entry kept changed \(path)" : "no change of \(path) in this window (\(total) in all)")]
    }
    var lines: [RenderedLine] = []
    if changes.count < total {
      let first = offset + 1
      lines.append(RenderedLine(.headline, "changes \(first)–\(offset + changes.count) of \(total) to \(path):"))
    }
    lines += changes.map { change in
      RenderedLine(.plain, "#\(change.index) \(change.action)  ← \(change.origin)  \(path): \(change.old ?? "(nothing)") → \(change.new ?? "(nothing)")")
    }
    return lines
  }
}
