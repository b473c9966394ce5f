/// The ranges numbers read from a session file must fall in, checked as the file is read so
/// that no later arithmetic on them can overflow.
enum SessionFileLimits {
  /// The largest history index or breakpoint id a file may hold (2⁵²): far beyond any
  /// session, and far enough below `Int.max` that adding a log's length cannot overflow.
  static let maximumIndex = 1 << 52

  /// Throws unless a log starting at `firstIndex` is in range.
  static func checkFirstIndex(_ firstIndex: Int, in path: String) throws(DebugError) {
    guard (1...maximumIndex).contains(firstIndex) else {
      throw DebugError("\(path): firstIndex is \(firstIndex); it must be between 1 and \(maximumIndex)")
    }
  }
}
