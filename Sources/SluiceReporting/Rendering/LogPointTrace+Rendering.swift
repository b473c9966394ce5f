import SluiceDebugger

extension LogPointTrace: RenderableAnswer {
  /// `log point 2: trace increment print count`, then one line for each past entry it
  /// matches, `#3 .increment  count = 2`, as it prints them from now on.
  public func lines(in renderer: TextRenderer) -> [RenderedLine] {
    let matches = past.isEmpty ? "no kept entry matches" : past.count == 1 ? "1 kept entry matches" : "\(past.count) kept entries match"
    var lines = [RenderedLine(.headline, "log point \(breakpoint): \(logPoint) (\(matches); it prints from now on, never stopping)")]
    lines += notes.map { RenderedLine(.warning, $0) }
    lines += past.map { RenderedLine(.plain, "  " + TextRenderer.tracedLine($0)) }
    return lines
  }
}

extension TextRenderer {
  /// What a log point prints before one entry: `#3 .increment  count = 2, step = 1`; a path
  /// that leads nowhere there says why.
  public static func tracedLine(_ entry: TracedEntry) -> String {
    let values = entry.values.map { "\($0.path) = " + ($0.value ?? "(\($0.problem ?? "nothing there"))") }
    return "#\(entry.index) \(entry.action)  " + values.joined(separator: ", ")
  }
}
