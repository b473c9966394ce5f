import SluiceDebugger

extension ValueCause: RenderableAnswer {
  /// `count = 3, set by #5 .increment  ← user`, the change (`1 → 3`), the causal chain as `bt`
  /// shows it and the dependency reads; or where the value comes from when no entry set it.
  public func lines(in renderer: TextRenderer) -> [RenderedLine] {
    let shown = "\(path) = \(value ?? "(nothing there)")"
    let place = at == 0 ? "in the initial state" : "after #\(at)"
    guard let change else {
      let origin =
        source == .initialState
        ? "the initial state" : "the state before the oldest entry kept (where a loaded session or the history limit starts it)"
      return [RenderedLine(.headline, "\(shown) \(place): no entry kept changed it; it comes from \(origin)")]
    }
    let setter = change.isEdit ? "edited by" : "set by"
    var lines = [
      RenderedLine(.headline, "\(shown) \(place), \(setter) #\(change.index) \(change.action)  ← \(change.origin)"),
      RenderedLine(.removed, "  − \(change.old ?? "(nothing)")"),
      RenderedLine(.inserted, "  + \(change.new ?? "(nothing)")"),
    ]
    if change.chain.count > 1 {
      lines.append(RenderedLine(.plain, "  caused by:"))
      for frame in change.chain.dropFirst() {
        let origin = frame.origin.map { "  ← \($0)" } ?? ""
        lines.append(RenderedLine(.plain, "    " + (frame.index.map { "#\($0) " } ?? "") + frame.action + origin))
      }
    }
    if !change.reads.isEmpty {
      lines.append(RenderedLine(.plain, "  reads: " + change.reads.map { "\($0.name) = \($0.value)" }.joined(separator: ", ")))
    }
    return lines
  }
}
