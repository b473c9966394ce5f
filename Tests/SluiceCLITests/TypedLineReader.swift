import SluiceShell

/// A line reader a test types into while the shell runs: each read waits for the test's
/// next input, and the test can wait for the shell to ask, or to show a prompt.
final class TypedLineReader: SluiceShell.LineReader {
  private let inputs = AsyncStream.makeStream(of: LineInput.self)
  private let reads = AsyncStream.makeStream(of: Void.self)
  private let prompts = AsyncStream.makeStream(of: String.self)

  func readLine(prompt: Prompt) async -> LineInput {
    prompts.continuation.yield(prompt.plainText)
    reads.continuation.yield()
    for await input in inputs.stream { return input }
    return .endOfInput
  }

  func updatePrompt(_ prompt: Prompt) {
    prompts.continuation.yield(prompt.plainText)
  }

  func requestEnd() {
    inputs.continuation.yield(.endOfInput)
  }

  /// Gives the shell's read, waiting or to come, `input`.
  func type(_ input: LineInput) {
    inputs.continuation.yield(input)
  }

  /// Waits until the shell asks for its next line (once per read).
  func nextRead() async {
    for await _ in reads.stream { return }
  }

  /// Waits until the shell shows `prompt`, at a read or while one waits.
  func promptShown(_ prompt: String) async {
    for await shown in prompts.stream where shown == prompt { return }
  }
}
