/// Lays out a list of completions in columns, down then across, like `ls`.
enum CompletionListing {
  /// The most candidates listed; the rest are counted.
  static let limit = 200

  /// The listing of `items` for a terminal `width` columns wide, one string per row.
  static func rows(_ items: [String], width: Int) -> [String] {
    let shown = Array(items.prefix(limit))
    guard !shown.isEmpty else { return [] }
    let columnWidth = (shown.map(\.count).max() ?? 0) + 2
    let columns = max(1, min(shown.count, max(width, 1) / columnWidth))
    let rowCount = (shown.count + columns - 1) / columns
    var rows: [String] = []
    for row in 0..<rowCount {
      var line = ""
      for column in 0..<columns {
        let index = column * rowCount + row
        guard index < shown.count else { break }
        let item = shown[index]
        let isLast = column == columns - 1 || index + rowCount >= shown.count
        line += isLast ? item : item + String(repeating: " ", count: columnWidth - item.count)
      }
      rows.append(line)
    }
    if items.count > shown.count {
      rows.append("… and \(items.count - shown.count) more")
    }
    return rows
  }
}
