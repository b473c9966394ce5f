/// Swift's lexical grammar only as far as ``NestingDepth`` needs it: which `[` and `(` are
/// code. One pass over the bytes, no recursion, so that no file can make it slow or deep.
///
/// It skips what Swift's lexer skips: line and (nested) block comments; string literals,
/// single-line, multi-line and raw (`#"…"#`), with their escapes, but not the code of an
/// interpolation (`\(…)`, `\#(…)` in a raw one), whose brackets count; extended regex
/// literals (`#/…/#`); and raw identifiers (`` `a[b` ``). A `/…/` on one line that Swift may
/// read as a regex literal or as divisions (an operand expected before it, or a blank, and
/// none after) opens no string or comment, and counts what either reading could nest: each
/// `[` and `(` in it opens, and it leaves the depth the code reading would, never less.
enum NestingScanner {
  private enum Context {
    /// Code: the file's, or an interpolation's, with the parentheses opened in it and not
    /// closed yet (the `)` after them ends the interpolation).
    case code(interpolation: Bool, parentheses: Int)
    /// A string literal between `hashes` `#`s.
    case string(hashes: Int, multiline: Bool)
  }

  /// Calls `opened(depth, offset)` at each `[` or `(` of code (and at each interpolation's
  /// `\(`) with how deep it nests and its UTF-8 offset; stops when `opened` returns `false`.
  static func scan(_ source: String, opened: (Int, Int) -> Bool) {
    let bytes = Array(source.utf8)
    func at(_ index: Int) -> UInt8 { index < bytes.count ? bytes[index] : 0 }
    func hashes(from index: Int) -> Int { bytes[index...].prefix { $0 == hash }.count }
    var stack: [Context] = [.code(interpolation: false, parentheses: 0)]
    var depth = 0
    var index = 0
    // The last byte of code that is not blank: whether a `/` can start a regex literal.
    var lastCode: UInt8 = 0
    while index < bytes.count {
      let byte = bytes[index]
      switch stack[stack.count - 1] {
      case .string(let count, let multiline):
        if byte == backslash && hashes(from: index + 1) >= count {
          if at(index + 1 + count) == UInt8(ascii: "(") {
            stack.append(.code(interpolation: true, parentheses: 0))
            depth += 1
            guard opened(depth, index) else { return }
            lastCode = UInt8(ascii: "(")
          }
          index += count + 2
        } else if byte == quote, closes(bytes, at: index, hashes: count, multiline: multiline) {
          stack.removeLast()
          index += (multiline ? 3 : 1) + count
          lastCode = quote
        } else {
          // A single-line literal ends (unterminated, which the parser reports) at the line's end.
          if byte == newline && !multiline { stack.removeLast() }
          index += 1
        }
      case .code(let interpolation, let parentheses):
        if byte == slash && at(index + 1) == slash {
          index = bytes[index...].firstIndex(of: newline) ?? bytes.count
          continue
        }
        if byte == slash && at(index + 1) == star {
          index = endOfBlockComment(bytes, from: index)
          continue
        }
        if byte == hash || byte == quote {
          let count = hashes(from: index)
          let next = index + count
          if at(next) == quote {
            let multiline = at(next + 1) == quote && at(next + 2) == quote
            stack.append(.string(hashes: count, multiline: multiline))
            index = next + (multiline ? 3 : 1)
          } else if count > 0 && at(next) == slash {
            index = endOfExtendedRegex(bytes, from: next + 1, hashes: count)
            lastCode = slash
          } else {
            index = next
            lastCode = hash
          }
          continue
        }
        switch byte {
        case slash
        where !isBlank(at(index + 1)) && (operandExpected(after: lastCode) || index == 0 || isBlank(bytes[index - 1])):
          guard let end = endOfBareRegex(bytes, from: index + 1) else { break }
          // A regex literal to Swift's lexer, or a division: count what either could nest.
          // Each `[` and `(` opens, and the span leaves the depth code would, never less.
          let start = depth
          var net = 0
          for offset in (index + 1)..<(end - 1) {
            switch bytes[offset] {
            case UInt8(ascii: "("), UInt8(ascii: "["):
              net += 1
              depth += 1
              guard opened(depth, offset) else { return }
            case UInt8(ascii: ")"), UInt8(ascii: "]"): net -= 1
            default: break
            }
          }
          depth = start + max(0, net)
          index = end
          lastCode = slash
          continue
        case UInt8(ascii: "`"):
          let end = bytes[(index + 1)...].firstIndex { $0 == UInt8(ascii: "`") || $0 == newline }
          index = end.map { bytes[$0] == newline ? index + 1 : $0 + 1 } ?? index + 1
          lastCode = UInt8(ascii: "`")
          continue
        case UInt8(ascii: "("), UInt8(ascii: "["):
          depth += 1
          guard opened(depth, index) else { return }
          if interpolation && byte == UInt8(ascii: "(") {
            stack[stack.count - 1] = .code(interpolation: true, parentheses: parentheses + 1)
          }
        case UInt8(ascii: ")"), UInt8(ascii: "]"):
          depth = max(0, depth - 1)
          if interpolation && byte == UInt8(ascii: ")") {
            if parentheses == 0 {
              stack.removeLast()
            } else {
              stack[stack.count - 1] = .code(interpolation: true, parentheses: parentheses - 1)
            }
          }
        default: break
        }
        if !isBlank(byte) { lastCode = byte }
        index += 1
      }
    }
  }

  private static let backslash = UInt8(ascii: "\\")
  private static let quote = UInt8(ascii: "\"")
  private static let hash = UInt8(ascii: "#")
  private static let slash = UInt8(ascii: "/")
  private static let star = UInt8(ascii: "*")
  private static let newline = UInt8(ascii: "\n")

  private static func isBlank(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == newline || byte == UInt8(ascii: "\r") || byte == 0
  }

  /// Whether the quote at `index` ends a literal between `hashes` `#`s.
  private static func closes(_ bytes: [UInt8], at index: Int, hashes: Int, multiline: Bool) -> Bool {
    let quotes = multiline ? 3 : 1
    let end = index + quotes + hashes
    guard end <= bytes.count else { return false }
    return bytes[index..<(index + quotes)].allSatisfy { $0 == quote } && bytes[(index + quotes)..<end].allSatisfy { $0 == hash }
  }

  /// Past the `*/` that closes the comment opened at `index`, counting the ones nested in it.
  private static func endOfBlockComment(_ bytes: [UInt8], from index: Int) -> Int {
    var open = 1
    var index = index + 2
    while index < bytes.count && open > 0 {
      if bytes[index] == slash && index + 1 < bytes.count && bytes[index + 1] == star {
        open += 1
        index += 2
      } else if bytes[index] == star && index + 1 < bytes.count && bytes[index + 1] == slash {
        open -= 1
        index += 2
      } else {
        index += 1
      }
    }
    return index
  }

  /// Past the `/` and `hashes` `#`s that close an extended regex literal, on any line.
  private static func endOfExtendedRegex(_ bytes: [UInt8], from index: Int, hashes: Int) -> Int {
    var index = index
    while index < bytes.count {
      if bytes[index] == backslash {
        index += 2
      } else if bytes[index] == slash && bytes[(index + 1)...].prefix(while: { $0 == hash }).count >= hashes {
        return index + 1 + hashes
      } else {
        index += 1
      }
    }
    return bytes.count
  }

  /// Past the `/` that closes a bare regex literal on this line, or `nil` when the line does
  /// not: then the `/` is an operator.
  private static func endOfBareRegex(_ bytes: [UInt8], from index: Int) -> Int? {
    var index = index
    while index < bytes.count && bytes[index] != newline {
      if bytes[index] == backslash {
        index += 2
      } else if bytes[index] == slash {
        return index + 1
      } else {
        index += 1
      }
    }
    return nil
  }

  /// Whether an operand, not an operator, comes after `byte`: there a `/` starts a regex.
  private static func operandExpected(after byte: UInt8) -> Bool {
    byte == 0 || operandBefore.contains(byte)
  }

  private static let operandBefore = Set("([{,:;=!&|?^~+-*%<>".utf8)
}
