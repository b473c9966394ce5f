import SluiceReporting

/// Tab in the attached shell: asks the program's agent (`{"id": "tab-1", "complete": "…"}`),
/// which completes from the program's own action cases, state paths and files.
@MainActor
final class AttachedCompletion: CompletionProvider {
  private let requests: PendingRequests

  init(requests: PendingRequests) {
    self.requests = requests
  }

  func completions(forTextBeforeCursor textBeforeCursor: String) async -> Completions {
    let id = requests.nextID("tab")
    let answer = await requests.ask(RequestLine.completion(of: textBeforeCursor, id: id), id: id, answeredBy: "completions")
    guard case .completions(let list)? = answer?.payload else { return .none }
    return list.completions
  }
}
