/// How wide a host lets one-line output be (a `log` line, a stop) before eliding its value:
/// the terminal's width (the default), a number of columns (`set width N`), or no limit
/// (`set width unlimited`). `print` and JSON are never elided.
package enum OutputWidth: Equatable, Sendable {
  /// The terminal's width, or no limit where the output is no terminal.
  case terminal
  /// `set width N`.
  case columns(Int)
  /// `set width unlimited`.
  case unlimited

  /// The columns lines are elided to, given the terminal's (`nil`: not a terminal).
  package func columns(terminal: Int?) -> Int? {
    switch self {
    case .terminal: terminal
    case .columns(let columns): columns
    case .unlimited: nil
    }
  }
}
