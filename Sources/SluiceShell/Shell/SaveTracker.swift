import SluiceDebugger

/// Which sessions have history that no `save` or `load` has accounted for, so `quit` can
/// mention `save` before the actions are lost.
@MainActor
final class SaveTracker {
  private var savedThrough: [String: Int] = [:]

  /// Notes that `session`'s history, as it is now, is in a file.
  func noteSaved(_ session: any DebugSession) {
    savedThrough[session.featureName] = session.history(last: 1).last?.index ?? 0
  }

  /// Features with actions not saved, and how many, in registration order.
  func unsaved(in debugger: Debugger) -> [(feature: String, count: Int)] {
    debugger.loadedFeatures.compactMap { name in
      guard let session = debugger.session(named: name) else { return nil }
      let mark = savedThrough[name] ?? 0
      let count = session.history(last: nil).filter { $0.index > mark }.count
      return count > 0 ? (name, count) : nil
    }
  }
}
