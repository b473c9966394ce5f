/// How deeply a Swift file's brackets nest, counted before it is parsed: swift-syntax's
/// parser takes time exponential in nested brackets (a nested array literal 20 deep takes
/// minutes, 5,000 deep overflows its stack), so `sluice-init` skips a file past the limit
/// rather than stall on a generated data file. Strings and comments are skipped roughly:
/// an overestimate only skips a file, it never changes what a parsed file holds.
package enum NestingDepth {
  /// The deepest nesting of `[` … `]` and `(` … `)` parsed in reasonable time; features are
  /// declared far shallower.
  package static let limit = 12

  /// The deepest nesting of `[` and `(` in `source`, outside comments and string literals.
  package static func of(_ source: String) -> Int {
    var depth = 0
    var deepest = 0
    var bytes = source.utf8.makeIterator()
    var previous: UInt8 = 0
    var inString = false
    var inLineComment = false
    var blockComments = 0
    while let byte = bytes.next() {
      defer { previous = byte }
      if inLineComment {
        if byte == 0x0A { inLineComment = false }
        continue
      }
      if blockComments > 0 {
        if previous == UInt8(ascii: "*") && byte == UInt8(ascii: "/") { blockComments -= 1 }
        continue
      }
      if inString {
        if byte == UInt8(ascii: "\"") && previous != UInt8(ascii: "\\") { inString = false }
        continue
      }
      switch byte {
      case UInt8(ascii: "\""): inString = true
      case UInt8(ascii: "/") where previous == UInt8(ascii: "/"): inLineComment = true
      case UInt8(ascii: "*") where previous == UInt8(ascii: "/"): blockComments += 1
      case UInt8(ascii: "["), UInt8(ascii: "("):
        depth += 1
        deepest = max(deepest, depth)
      case UInt8(ascii: "]"), UInt8(ascii: ")"): depth = max(0, depth - 1)
      default: break
      }
    }
    return deepest
  }
}
