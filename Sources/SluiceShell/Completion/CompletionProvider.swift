import SluiceReporting

/// Answers the Tab key: what could come next at the cursor.
///
/// The line editor asks from its own thread and waits for the answer on the main actor.
/// A provider answers from the debugger it holds (``SluiceReporting/CommandCompletion``),
/// or asks a program it is attached to, which is why the answer is awaited.
@MainActor
public protocol CompletionProvider: AnyObject, Sendable {
  /// The completions for the word that ends at the cursor; `textBeforeCursor` is the whole
  /// line up to the cursor (for a command continued over lines, the whole command).
  func completions(forTextBeforeCursor textBeforeCursor: String) async -> Completions
}

/// The debugger in this process answers Tab directly.
extension CommandCompletion: CompletionProvider {}
