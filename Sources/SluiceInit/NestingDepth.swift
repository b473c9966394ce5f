/// How deeply a Swift file's brackets nest, counted before it is parsed: swift-syntax's
/// parser takes time exponential in nested brackets (a nested array literal 20 deep takes
/// minutes, 5,000 deep overflows its stack), so `sluice-init` skips a source file past the
/// limit rather than stall on a generated data file, and refuses such a manifest or registry
/// file (``ParseGuard``).
///
/// The count must never fall short of what the parser sees, or a crafted file slips past it:
/// comments (nested), string literals (escapes, raw `#"…"#`, multi-line, and the code of an
/// interpolation, whose brackets count), regex literals and raw identifiers are skipped as
/// Swift's lexer skips them (``NestingScanner``). Where it is unsure it counts more: an
/// overestimate only refuses a file, it never changes what a parsed file holds.
package enum NestingDepth {
  /// The deepest nesting of `[` … `]` and `(` … `)` parsed in reasonable time; features are
  /// declared far shallower, and manifests are (`.target(…, dependencies: [.product(…)])`
  /// is three deep).
  package static let limit = 12

  /// The deepest nesting of `[` and `(` in `source`, outside comments and literals.
  package static func of(_ source: String) -> Int {
    var deepest = 0
    NestingScanner.scan(source) { depth, _ in
      deepest = max(deepest, depth)
      return true
    }
    return deepest
  }

  /// The UTF-8 offset of the first bracket that nests past `limit`, or `nil` when none does.
  package static func firstPast(_ limit: Int, in source: String) -> Int? {
    var found: Int?
    NestingScanner.scan(source) { depth, offset in
      guard depth > limit else { return true }
      found = offset
      return false
    }
    return found
  }
}
