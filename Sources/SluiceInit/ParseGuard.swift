/// What `sluice-init` checks in a file it edits (the manifest, and the registry file
/// `--update` adds to) before swift-syntax parses it: its size, and how deeply its brackets
/// nest (``NestingDepth``). A crafted or generated file is refused, saying where it goes too
/// far, instead of taking minutes or overflowing the parser's stack.
package enum ParseGuard {
  /// The largest file parsed: 1 MiB, far past any real manifest or registry (a registry of
  /// 5,000 features is about that), and parsed, edited and parsed again in seconds.
  package static let sizeLimit = 1 << 20

  /// Throws unless `source`, the file at `path`, is small and shallow enough to parse.
  package static func check(_ source: String, path: String) throws(ManifestEditor.Failure) {
    let size = source.utf8.count
    guard size <= sizeLimit else {
      throw ManifestEditor.Failure(
        description: "\(path): error: it is \(size) bytes, past the limit of \(sizeLimit >> 20) MiB (\(sizeLimit) bytes) sluice-init edits; nothing was written")
    }
    if let offset = NestingDepth.firstPast(NestingDepth.limit, in: source) {
      throw ManifestEditor.Failure(
        description: "\(place(of: offset, in: source, path: path)): error: brackets nested more than \(NestingDepth.limit) deep, past what swift-syntax parses in reasonable time; sluice-init edits only a shallower file, and nothing was written")
    }
  }

  /// `path:line:column` of the UTF-8 offset `offset`, the column counted in bytes as
  /// swift-syntax counts it.
  static func place(of offset: Int, in source: String, path: String) -> String {
    let before = source.utf8.prefix(offset)
    let line = before.lazy.filter { $0 == UInt8(ascii: "\n") }.count + 1
    let column = before.reversed().prefix { $0 != UInt8(ascii: "\n") }.count + 1
    return "\(path):\(line):\(column)"
  }
}
