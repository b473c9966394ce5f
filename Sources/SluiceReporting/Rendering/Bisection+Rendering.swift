import SluiceDebugger

extension Bisection: RenderableAnswer {
  /// `count > 3 first holds after #5 .increment  ← user, and holds from there on`; for a
  /// condition that comes and goes, every entry where it changed.
  public func lines(in renderer: TextRenderer) -> [RenderedLine] {
    let tested = "(tested in \(statesTested) of \(entriesSearched + 1) states)"
    guard !transitions.isEmpty || holdsAtStart else {
      return [RenderedLine(.headline, "\(condition) never holds in the \(entriesSearched) entries kept \(tested)")]
    }
    guard !isMonotone else {
      guard let first else {
        return [RenderedLine(.headline, "\(condition) holds from the start and never stops holding \(tested); now at the start")]
      }
      return [
        RenderedLine(
          .headline, "\(condition) first holds after #\(first.index) \(first.action)  ← \(first.origin), and holds from there on \(tested)")
      ]
    }
    let start = holdsAtStart ? "holds at the start, then changes" : "changes"
    var lines = [
      RenderedLine(.headline, "\(condition) is not monotone: it \(start) \(transitions.count) times \(tested):")
    ]
    lines += transitions.map { transition in
      RenderedLine(
        transition.holds ? .inserted : .removed,
        "  #\(transition.index) \(transition.action)  ← \(transition.origin)  " + (transition.holds ? "holds" : "no longer holds"))
    }
    if let first {
      lines.append(RenderedLine(.plain, "first holds after #\(first.index): now there"))
    } else if holdsAtStart {
      lines.append(RenderedLine(.plain, "holds at the start: now there"))
    }
    return lines
  }
}
