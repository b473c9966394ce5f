extension RenderedLine {
  /// Whether the line is a one-line context that may be elided to a width: a history
  /// entry's headline (`log`, a reduction) or a stop. A value `print` shows, a diff and an
  /// error are never elided.
  var isElidable: Bool { kind == .headline || kind == .stop }

  /// The line fitted to `width` columns, when it is elidable and longer: its value cut with
  /// `…` and a count of the characters left out, a headline's origin (`  ← user`, and what
  /// `log` adds after it) kept at its end. `nil` width: the line as it is.
  ///
  ///     #2 .catalog(.loaded([Product(id: 1, name: "Tea", price: 3.5), Prod… (+712)  ← user
  package func elided(toWidth width: Int?) -> RenderedLine {
    guard let width, isElidable, text.count > width else { return self }
    // A headline's origin (and what `log` says after it) is kept, unless it alone would take
    // half the width: then the line is cut at its end, as a stop is.
    let origin = kind == .headline ? text.range(of: "  ← ", options: .backwards)?.lowerBound : nil
    let tailStart = origin.flatMap { text.distance(from: $0, to: text.endIndex) <= width / 2 ? $0 : nil }
    let tail = tailStart.map { String(text[$0...]) } ?? ""
    let body = tailStart.map { String(text[..<$0]) } ?? text
    // What is left for the body, with room for the mark; never less than a few characters.
    var kept = width - tail.count - Self.mark(eliding: body.count).count
    kept = max(kept, 8)
    guard kept < body.count else { return self }
    return RenderedLine(kind, String(body.prefix(kept)) + Self.mark(eliding: body.count - kept) + tail)
  }

  /// `… (+712)`: the elision's mark, counting what it leaves out.
  private static func mark(eliding count: Int) -> String {
    "… (+\(count))"
  }
}
