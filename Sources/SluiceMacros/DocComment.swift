import SwiftSyntax

/// Reads the doc comment (`///` lines or a `/** */` block) in a declaration's leading trivia.
enum DocComment {
  /// The comment's text without its markers, lines joined by newlines; `nil` when there is none.
  /// Ordinary `//` comments are not documentation and are skipped.
  static func text(in trivia: Trivia) -> String? {
    var lines: [String] = []
    for piece in trivia {
      switch piece {
      case .docLineComment(let comment):
        lines.append(lineText(comment))
      case .docBlockComment(let comment):
        lines += blockLines(comment)
      default:
        continue
      }
    }
    while lines.first?.isEmpty == true { lines.removeFirst() }
    while lines.last?.isEmpty == true { lines.removeLast() }
    return lines.isEmpty ? nil : lines.joined(separator: "\n")
  }

  /// `/// Adds one.` is `Adds one.`: the marker and one space go, any further indentation stays.
  private static func lineText(_ comment: String) -> String {
    var text = comment.dropFirst(3)
    if text.first == " " { text = text.dropFirst() }
    return String(text.trimmingTrailingWhitespace())
  }

  /// The lines of `/** … */`, without the markers and the ` * ` that often starts each line.
  private static func blockLines(_ comment: String) -> [String] {
    let body = comment.dropFirst(3).dropLast(2)
    return body.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      var text = line.drop { $0 == " " || $0 == "\t" }
      if text.first == "*" {
        text = text.dropFirst()
        if text.first == " " { text = text.dropFirst() }
      }
      return String(text.trimmingTrailingWhitespace())
    }
  }
}

extension Substring {
  fileprivate func trimmingTrailingWhitespace() -> Substring {
    var text = self
    while let last = text.last, last == " " || last == "\t" || last == "\r" { text = text.dropLast() }
    return text
  }
}
