import Foundation
import SwiftParser
import SwiftSyntax

/// The file that registers a debugger's features (the registry library's, or an older
/// debugger's `main.swift`) as `sluice-init --update` reads it: which features it
/// registers, which modules it imports, and where the ``GeneratedRegion`` markers let new
/// lines go. Lines are added whole, ended as the file's lines are (LF or CRLF); nothing else
/// changes.
struct MainFileText {
  let text: String
  let path: String
  let tree: SourceFileSyntax
  /// The file's lines, each with its line ending.
  let lines: [String]
  /// The file's line ending, `"\n"` or `"\r\n"`.
  let newline: String

  init(_ text: String, path: String) {
    self.text = text
    self.path = path
    tree = Parser.parse(source: text)
    // Split after each "\n" byte (a "\r\n" is one Character, which a search for "\n" in
    // the text would not find), so that joining the lines gives the text back byte for byte.
    let bytes = Array(text.utf8)
    var lines: [String] = []
    var start = 0
    while let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) {
      lines.append(String(decoding: bytes[start...end], as: UTF8.self))
      start = end + 1
    }
    if start < bytes.count { lines.append(String(decoding: bytes[start...], as: UTF8.self)) }
    self.lines = lines
    newline = text.contains("\r\n") ? "\r\n" : "\n"
  }

  /// The registering file `text` at `path`, once ``ParseGuard`` finds it small and shallow
  /// enough to parse and swift-syntax finds no error in it: the markers and registrations
  /// of a file that does not parse cannot be told from text in a comment or a literal.
  ///
  /// - Throws: a sentence naming the place that stops it.
  static func checked(_ text: String, path: String) throws(ManifestEditor.Failure) -> MainFileText {
    try ParseGuard.check(text, path: path)
    let file = MainFileText(text, path: path)
    if let error = ManifestEditor.firstError(in: file.tree, path: path) {
      throw ManifestEditor.Failure(description: "\(error); sluice-init --update adds only to a file that parses: fix it first")
    }
    return file
  }

  /// The names features are registered under, anywhere in the file: the first argument of
  /// each `Feature("name", …)`, and the names ``GeneratedRegion`` markers give.
  var registeredNames: Set<String> {
    var names: Set<String> = []
    for token in tree.tokens(viewMode: .sourceAccurate) where token.tokenKind == .identifier("Feature") {
      guard let call = token.parent?.parent?.as(FunctionCallExprSyntax.self)
          ?? token.parent?.parent?.parent?.as(FunctionCallExprSyntax.self),
        let first = call.arguments.first, first.label == nil,
        let name = first.expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue
      else { continue }
      names.insert(name)
    }
    for line in lines {
      guard let marker = line.range(of: GeneratedRegion.featurePrefix) else { continue }
      let name = line[marker.upperBound...].prefix { !$0.isWhitespace }
      if !name.isEmpty { names.insert(String(name)) }
    }
    return names
  }

  /// The modules the file imports.
  var importedModules: Set<String> {
    Set(tree.statements.compactMap { $0.item.as(ImportDeclSyntax.self)?.path.first?.name.text })
  }

  /// The index of the one line that is the comment `marker` alone (blanks around it
  /// allowed), `nil` when there is none. Only a comment of the code's own counts: the same
  /// text inside a block comment or a string literal marks nothing, and lines added there
  /// would be commented out or change a string. Two markers, or only such a copy, are an error.
  func line(_ marker: String) throws(ManifestEditor.Failure) -> Int? {
    let written = lines.indices.filter { lines[$0].trimmingCharacters(in: .whitespacesAndNewlines) == marker }
    let comments = Set(commentLines(marker))
    let found = written.filter(comments.contains)
    if found.count > 1 {
      throw ManifestEditor.Failure(
        description: "\(path):\(found[1] + 1):1: error: a second `\(marker)` line (the first is on line \(found[0] + 1)); keep one, then run again")
    }
    if found.isEmpty, let copy = written.first {
      throw ManifestEditor.Failure(
        description: "\(path):\(copy + 1):1: error: this `\(marker)` line is inside a block comment or a string literal, where it marks nothing, and sluice-init --update adds lines only at a marker of the code's own; nothing was written. Put the marker on a line of its own outside them, then run again")
    }
    return found.first
  }

  /// The indices of the lines where a line comment of the code (not text inside a block
  /// comment or a literal) is `marker`.
  private func commentLines(_ marker: String) -> [Int] {
    let converter = SourceLocationConverter(fileName: path, tree: tree)
    var found: [Int] = []
    for token in tree.tokens(viewMode: .sourceAccurate) {
      for (trivia, start) in [(token.leadingTrivia, token.position), (token.trailingTrivia, token.endPositionBeforeTrailingTrivia)] {
        var position = start
        for piece in trivia {
          if case .lineComment(let comment) = piece, comment.trimmingCharacters(in: .whitespacesAndNewlines) == marker {
            found.append(converter.location(for: position).line - 1)
          }
          position += piece.sourceLength
        }
      }
    }
    return found
  }

  /// The file with `imports` added before the end-of-imports marker (or after the last
  /// import when it has none), and `registrations` before the end-of-registrations marker,
  /// each on a line of its own indented as that marker is.
  func adding(imports: [String], registrations: [String]) throws(ManifestEditor.Failure) -> String {
    guard let begin = try line(GeneratedRegion.beginRegistrations), let end = try line(GeneratedRegion.endRegistrations),
      begin < end
    else {
      throw ManifestEditor.Failure(
        description: """
          \(path): error: no `\(GeneratedRegion.beginRegistrations)` line followed by a `\(GeneratedRegion.endRegistrations)` line, \
          which mark where sluice-init --update may add; nothing was written. Put them, each on a line of its own, \
          around the registrations in `FeatureRegistry([…])`, or register the new features by hand:
          \(registrations.map { "  " + $0 }.joined(separator: "\n"))
          """)
    }
    var inserts: [(line: Int, text: String)] = []
    if !imports.isEmpty {
      let at = try importLine()
      inserts.append((at, imports.map { "import \($0)" + newline }.joined()))
    }
    let indentation = String(lines[end].prefix { $0 == " " || $0 == "\t" })
    inserts.append((end, registrations.map { indentation + $0 + newline }.joined()))
    var result = ""
    for (index, line) in lines.enumerated() {
      for insert in inserts where insert.line == index { result += insert.text }
      result += line
    }
    for insert in inserts where insert.line >= lines.count {
      if let last = result.utf8.last, last != UInt8(ascii: "\n") { result += newline }
      result += insert.text
    }
    return result
  }

  /// Where new imports go: the end-of-imports marker's line, else the line after the last
  /// import, else the first line.
  private func importLine() throws(ManifestEditor.Failure) -> Int {
    if let end = try line(GeneratedRegion.endImports) { return end }
    guard let last = tree.statements.last(where: { $0.item.is(ImportDeclSyntax.self) }) else { return 0 }
    let converter = SourceLocationConverter(fileName: path, tree: tree)
    return last.endLocation(converter: converter).line  // 1-based line of its end: the next line's index
  }
}
