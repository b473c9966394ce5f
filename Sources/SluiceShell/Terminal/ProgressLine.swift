/// One line a long command rewrites in place while it runs (`shrink`), on a terminal only:
/// each ``show(_:)`` replaces it, ``clear()`` erases it before the answer is written.
@MainActor
package final class ProgressLine {
  private let write: (String) -> Void
  private let isTerminal: Bool
  private var isShown = false

  /// A line written with `write`; nothing is written unless `isTerminal`.
  package init(isTerminal: Bool, write: @escaping (String) -> Void) {
    self.isTerminal = isTerminal
    self.write = write
  }

  /// Replaces the line with `text`.
  package func show(_ text: String) {
    guard isTerminal else { return }
    // Back to the start of the line, then erase to its end.
    write("\r\u{1B}[K" + text)
    isShown = true
  }

  /// Erases the line, if one is shown.
  package func clear() {
    guard isShown else { return }
    write("\r\u{1B}[K")
    isShown = false
  }
}
