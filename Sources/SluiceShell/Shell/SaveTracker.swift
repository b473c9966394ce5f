import SluiceDebugger

/// Which sessions differ from what they last saved or loaded, so `quit` can mention `save`
/// before work is lost.
@MainActor
final class SaveTracker {
  /// Each session's revision and last history index when it was last saved or loaded.
  private var saved: [String: (revision: Int, lastIndex: Int)] = [:]

  /// Notes that `session`, as it is now, is in a file.
  func noteSaved(_ session: any DebugSession) {
    saved[session.featureName] = (session.files.revision, session.inspection.history(last: 1).last?.index ?? 0)
  }

  /// Sessions that changed since, in registration order, with how many actions were recorded
  /// after the last one saved (zero when the change is time travel, a fork or breakpoints).
  func unsaved(in debugger: Debugger) -> [(feature: String, newActions: Int)] {
    debugger.loadedFeatures.compactMap { name in
      guard let session = debugger.session(named: name) else { return nil }
      let mark = saved[name] ?? (0, 0)
      // A session never saved and never changed has nothing to lose.
      guard session.files.revision != mark.revision else { return nil }
      let history = session.inspection.history(last: nil)
      let newActions = history.filter { $0.index > mark.lastIndex }.count
      if saved[name] == nil, history.isEmpty, session.breakpointControl.breakpoints.isEmpty { return nil }
      return (name, newActions)
    }
  }
}
