import SluiceReporting

/// What the line editor does with an answer to Tab: insert text, or list the choices.
enum CompletionEdit: Equatable {
  /// Nothing fits: beep.
  case none
  /// Replace the stem (its length in Unicode scalars) with `text`.
  case replace(stemLength: Int, with: String)
  /// Several candidates share nothing beyond the stem: show them.
  case list([String])

  /// Decides the edit for `completions`: the single candidate (and a space when it is
  /// final), or the longest prefix every candidate shares when that adds something, or
  /// else the list.
  init(_ completions: Completions) {
    let stemLength = completions.stem.unicodeScalars.count
    let candidates = completions.candidates
    guard let first = candidates.first else {
      self = .none
      return
    }
    if candidates.count == 1 {
      self = .replace(stemLength: stemLength, with: first.text + (first.isFinal ? " " : ""))
      return
    }
    let shared = Self.commonPrefix(of: candidates.map(\.text))
    if shared.unicodeScalars.count > stemLength, shared.hasPrefix(completions.stem) {
      self = .replace(stemLength: stemLength, with: shared)
    } else {
      self = .list(candidates.map(\.display))
    }
  }

  /// The longest string every one of `texts` starts with, compared by Unicode scalar.
  static func commonPrefix(of texts: [String]) -> String {
    guard var prefix = texts.first.map({ Array($0.unicodeScalars) }) else { return "" }
    for text in texts.dropFirst() {
      let scalars = Array(text.unicodeScalars)
      var count = 0
      while count < min(prefix.count, scalars.count) && prefix[count] == scalars[count] { count += 1 }
      prefix.removeSubrange(count...)
    }
    var result = String.UnicodeScalarView()
    result.append(contentsOf: prefix)
    return String(result)
  }
}
