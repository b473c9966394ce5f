import SwiftDiagnostics
import SwiftParser
import SwiftParserDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder

/// Reads and edits a package manifest through its syntax tree: the package's name, the
/// name SwiftPM gives the Sluice dependency, and a new element at the end of `targets:`.
package struct ManifestEditor {
  /// Why a manifest cannot be edited, naming the place.
  package struct Failure: Error, CustomStringConvertible {
    package let description: String
  }

  package let source: String
  let tree: SourceFileSyntax
  let path: String

  package init(source: String, path: String) {
    self.source = source
    self.path = path
    tree = Parser.parse(source: source)
  }

  /// The first error swift-syntax finds in the manifest, as `file:line:column: error: …`,
  /// or `nil` when it parses.
  package var firstError: String? {
    guard tree.hasError, let first = ParseDiagnosticsGenerator.diagnostics(for: tree).first(where: { $0.diagMessage.severity == .error }) else {
      return tree.hasError ? "\(path): error: it does not parse" : nil
    }
    let place = first.location(converter: SourceLocationConverter(fileName: path, tree: tree))
    return "\(path):\(place.line):\(place.column): error: \(first.message)"
  }

  /// Whether swift-syntax finds an error in the manifest.
  package var hasErrors: Bool { tree.hasError }

  /// `text` as a Swift string literal, escaped as it needs: `"a\"b"`.
  package static func literal(_ text: String) -> String {
    StringLiteralExprSyntax(content: text).description
  }

  /// The elements of `targets:`.
  package var targetCount: Int { (argument("targets")?.as(ArrayExprSyntax.self)?.elements.count) ?? 0 }

  /// The `Package(name: …)` call.
  private var packageCall: FunctionCallExprSyntax? {
    tree.tokens(viewMode: .sourceAccurate).lazy
      .filter { $0.tokenKind == .identifier("Package") }
      .compactMap { $0.parent?.parent?.as(FunctionCallExprSyntax.self) }
      .first
  }

  func argument(_ label: String) -> ExprSyntax? {
    packageCall?.arguments.first { $0.label?.text == label }?.expression
  }

  /// The package's `name:`.
  package var packageName: String? {
    argument("name")?.as(StringLiteralExprSyntax.self)?.representedLiteralValue
  }

  /// Whether a target (of any kind) is named `name`.
  package func hasTarget(named name: String) -> Bool {
    guard let targets = argument("targets")?.as(ArrayExprSyntax.self) else { return false }
    return targets.elements.contains { element in
      element.expression.as(FunctionCallExprSyntax.self)?.arguments.contains {
        $0.label?.text == "name" && $0.expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue == name
      } ?? false
    }
  }

  /// The package name SwiftPM gives the dependency on Sluice, the last part of its path or
  /// URL without `.git` (`.package(path: "../sluice")` is `sluice`).
  package func sluiceDependency() throws(Failure) -> String {
    let dependencies = argument("dependencies")?.as(ArrayExprSyntax.self)?.elements ?? []
    for element in dependencies {
      guard let call = element.expression.as(FunctionCallExprSyntax.self) else { continue }
      for argument in call.arguments where argument.label?.text == "path" || argument.label?.text == "url" {
        guard let location = argument.expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue else { continue }
        var last = location.split(separator: "/").last.map(String.init) ?? location
        if last.hasSuffix(".git") { last.removeLast(4) }
        if last.lowercased().contains("sluice") { return last }
      }
    }
    throw Failure(
      description: "\(path): no dependency on Sluice in `dependencies:`; add `.package(path: \"../sluice\")` (or its URL) first")
  }

  /// The manifest with `element` (a `.executableTarget(…)` expression for the target `name`)
  /// added as the last of `targets:`, on a line of its own indented as the others and ended
  /// as the manifest's lines are (LF or CRLF). The result is parsed again: it must parse and
  /// hold exactly one target more, that one.
  package func addingTarget(_ element: String, named name: String) throws(Failure) -> String {
    let edited = try inserting(element)
    let check = ManifestEditor(source: edited, path: path)
    if let error = check.firstError {
      throw Failure(description: "the edited manifest would not parse (\(error)); nothing was written. Add this target by hand:\n  \(element)")
    }
    guard check.targetCount == targetCount + 1, check.hasTarget(named: name) else {
      throw Failure(description: "\(path): the edit did not add one target to `targets:`; nothing was written. Add this target by hand:\n  \(element)")
    }
    return edited
  }

  private func inserting(_ element: String) throws(Failure) -> String {
    guard let targets = argument("targets")?.as(ArrayExprSyntax.self) else {
      throw Failure(description: "\(path): no `targets: [ … ]` in `Package(…)`; add this target by hand:\n  \(element)")
    }
    guard let last = targets.elements.last else {
      throw Failure(description: "\(path): `targets:` is empty; add this target by hand:\n  \(element)")
    }
    let indentation = Self.indentation(before: last.expression, in: source)
    var edited = Array(source.utf8)
    let newline = source.contains("\r\n") ? "\r\n" : "\n"
    let insertion = newline + indentation + element + ","
    // After the element's trailing trivia: past a comment on its line, before the newline.
    let end = last.endPosition.utf8Offset
    edited.insert(contentsOf: Array(insertion.utf8), at: end)
    if last.trailingComma == nil {
      edited.insert(UInt8(ascii: ","), at: last.expression.endPositionBeforeTrailingTrivia.utf8Offset)
    }
    return String(decoding: edited, as: UTF8.self)
  }

  /// The blanks at the start of the line where `node` starts.
  static func indentation(before node: some SyntaxProtocol, in source: String) -> String {
    let bytes = Array(source.utf8)
    var start = node.positionAfterSkippingLeadingTrivia.utf8Offset
    while start > 0, bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
    let blanks = bytes[start...].prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
    return String(decoding: blanks, as: UTF8.self)
  }
}
