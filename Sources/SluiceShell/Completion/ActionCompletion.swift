import SluiceDebugger

/// Completes the action being typed after `send` or at the start of a line.
///
/// Without a description of the feature's actions, the only cases known are those already
/// in the session's history, so those are offered.
enum ActionCompletion {
  @MainActor
  static func completions(for text: String, in session: any DebugSession) -> Completions {
    let name = text.hasPrefix(".") ? text.dropFirst() : Substring(text)
    guard name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return .none }
    var seen: Set<String> = []
    let cases = session.history(last: nil)
      .compactMap { $0.caseName.split(separator: ".").first.map(String.init) }
      .filter { seen.insert($0).inserted }
    let candidates = cases.map { Completion("." + $0, isFinal: false) }.filter { $0.text.hasPrefix("." + name) }
    return Completions(stem: text, candidates: candidates)
  }
}
