/// A small terminal emulator: what a person would see after a program wrote `bytes` to
/// an xterm, for the control sequences libedit and the shell use (cursor moves, erasing,
/// inserting and deleting characters, insert mode; colors are dropped).
///
/// Rows that scroll off the top are kept, so ``lines`` is the whole session.
struct TerminalScreen: CustomStringConvertible {
  let columns: Int
  let rowCount: Int
  private var scrolledOff: [[Character]] = []
  private var rows: [[Character]]
  private var row = 0
  private var column = 0
  private var wrapPending = false
  private var insertMode = false

  init(rendering bytes: [UInt8], columns: Int = 80, rows: Int = 24) {
    self.columns = columns
    rowCount = rows
    self.rows = Array(repeating: Array(repeating: " ", count: columns), count: rows)
    render(String(decoding: bytes, as: UTF8.self))
  }

  /// Every row, scrolled off or on screen, without trailing blanks; trailing empty rows
  /// dropped.
  var lines: [String] {
    var all = (scrolledOff + rows).map { String($0).replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
    while all.last == "" { all.removeLast() }
    return all
  }

  /// The row the cursor is on, without trailing blanks.
  var cursorLine: String {
    String(rows[row]).replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
  }

  /// The cursor's column.
  var cursorColumn: Int { column }

  var description: String { lines.joined(separator: "\n") }

  // MARK: - Interpreting output

  private mutating func render(_ text: String) {
    var characters = Array(text)[...]
    while let character = characters.popFirst() {
      switch character {
      case "\u{1B}":
        escape(&characters)
      case "\r":
        column = 0
        wrapPending = false
      case "\n":
        lineFeed()
      case "\u{08}":
        column = max(0, column - 1)
        wrapPending = false
      case "\t":
        column = min(columns - 1, (column / 8 + 1) * 8)
      case "\u{07}", "\u{00}":
        break
      case "\r\n":
        column = 0
        lineFeed()
      default:
        put(character)
      }
    }
  }

  private mutating func put(_ character: Character) {
    if wrapPending {
      column = 0
      lineFeed()
      wrapPending = false
    }
    if insertMode {
      rows[row].insert(character, at: column)
      rows[row].removeLast()
    } else {
      rows[row][column] = character
    }
    if column == columns - 1 {
      wrapPending = true
    } else {
      column += 1
    }
  }

  private mutating func lineFeed() {
    wrapPending = false
    if row == rowCount - 1 {
      scrolledOff.append(rows.removeFirst())
      rows.append(Array(repeating: " ", count: columns))
    } else {
      row += 1
    }
  }

  private mutating func escape(_ characters: inout ArraySlice<Character>) {
    guard let kind = characters.popFirst() else { return }
    guard kind == "[" else { return }  // ESC = , ESC > and the like: nothing to draw.
    var parameters = ""
    var final: Character = " "
    while let next = characters.popFirst() {
      if let ascii = next.asciiValue, (0x40...0x7E).contains(ascii) {
        final = next
        break
      }
      parameters.append(next)
    }
    let isPrivate = parameters.hasPrefix("?")
    let numbers = parameters.drop { $0 == "?" }.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
    let first = (numbers.first ?? nil) ?? 0
    let count = max(1, first)
    switch final {
    case "A": row = max(0, row - count); wrapPending = false
    case "B": row = min(rowCount - 1, row + count); wrapPending = false
    case "C": column = min(columns - 1, column + count); wrapPending = false
    case "D": column = max(0, column - count); wrapPending = false
    case "G": column = min(columns - 1, count - 1); wrapPending = false
    case "d": row = min(rowCount - 1, count - 1); wrapPending = false
    case "H", "f":
      row = min(rowCount - 1, max(1, first) - 1)
      let second = numbers.count > 1 ? (numbers[1] ?? 1) : 1
      column = min(columns - 1, max(1, second) - 1)
      wrapPending = false
    case "K":
      let range: Range<Int> =
        switch first {
        case 1: 0..<(column + 1)
        case 2: 0..<columns
        default: column..<columns
        }
      for index in range { rows[row][index] = " " }
    case "J":
      if first == 2 {
        rows = Array(repeating: Array(repeating: " ", count: columns), count: rowCount)
      } else {
        for index in column..<columns { rows[row][index] = " " }
        for below in (row + 1)..<rowCount { rows[below] = Array(repeating: " ", count: columns) }
      }
    case "P":
      for _ in 0..<min(count, columns - column) {
        rows[row].remove(at: column)
        rows[row].append(" ")
      }
    case "@":
      for _ in 0..<min(count, columns - column) {
        rows[row].insert(" ", at: column)
        rows[row].removeLast()
      }
    case "h" where !isPrivate && first == 4: insertMode = true
    case "l" where !isPrivate && first == 4: insertMode = false
    default: break  // Colors, private modes: nothing to draw.
    }
  }
}
