import SluiceDebugger

extension Shrinking: RenderableAnswer {
  /// `shrunk 200 root actions to 2 actions that still fail (count < 0) (no single one can be
  /// removed; 37 replays):`
  /// and the actions kept, each with its index now and in the original.
  public func lines(in renderer: TextRenderer) -> [RenderedLine] {
    let actions = "\(kept.count) \(kept.count == 1 ? "action" : "actions")"
    let how: String
    switch stop {
    case .minimal: how = "no single one can be removed"
    case .budgetSpent: how = "the budget of \(budget) replays ran out: some may still be removable"
    case .interrupted: how = "interrupted: the smallest found so far"
    }
    var lines = [
      RenderedLine(
        .headline,
        "shrunk \(rootActions) root \(rootActions == 1 ? "action" : "actions") to \(actions) that still fail (\(goal)) (\(how); \(replays) \(replays == 1 ? "replay" : "replays")):")
    ]
    lines += kept.map { kept in
      RenderedLine(.plain, "  #\(kept.index) \(kept.action)  ← \(kept.origin)  (was #\(kept.originalIndex))")
    }
    lines.append(
      RenderedLine(
        .plain,
        "now the timeline (\(entries) \(entries == 1 ? "entry" : "entries")); `diff original` compares, `original restore` goes back, `export test` writes a test that fails for this reason"))
    return lines
  }
}

extension ShrinkProgress {
  /// `shrinking: 12/1000 replays, 3 of 200 actions still fail`: the progress line.
  public var line: String {
    "shrinking: \(replays)/\(budget) replays, \(kept) of \(rootActions) \(rootActions == 1 ? "action" : "actions") still fail (Ctrl-C keeps the best so far)"
  }
}
