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
  /// Every `Package(…)` call, in the order written; found once, as every question asks.
  private let packageCalls: [FunctionCallExprSyntax]

  /// Parses `source` as it is: call ``checked(source:path:)`` for a file not known to be safe
  /// to parse.
  package init(source: String, path: String) {
    self.source = source
    self.path = path
    tree = Parser.parse(source: source)
    packageCalls = tree.tokens(viewMode: .sourceAccurate)
      .filter { $0.tokenKind == .identifier("Package") }
      .compactMap { token in
        guard let call = token.parent?.parent?.as(FunctionCallExprSyntax.self),
          call.calledExpression.id == token.parent?.id
        else { return nil }
        return call
      }
  }

  /// The editor of the manifest `source` at `path`, once ``ParseGuard`` finds it small and
  /// shallow enough to parse and swift-syntax finds no error in it.
  ///
  /// - Throws: a sentence naming the place that stops it.
  package static func checked(source: String, path: String) throws(Failure) -> ManifestEditor {
    try ParseGuard.check(source, path: path)
    let editor = ManifestEditor(source: source, path: path)
    if let error = editor.firstError {
      throw Failure(description: "\(error); sluice-init edits only a manifest that parses: fix it first")
    }
    return editor
  }

  /// The first error swift-syntax finds in the manifest, as `file:line:column: error: …`,
  /// or `nil` when it parses.
  package var firstError: String? { Self.firstError(in: tree, path: path) }

  /// The first error swift-syntax found in `tree`, the file at `path`, as
  /// `file:line:column: error: …`, or `nil` when it has none.
  static func firstError(in tree: SourceFileSyntax, path: String) -> String? {
    guard tree.hasError, let first = ParseDiagnosticsGenerator.diagnostics(for: tree).first(where: { $0.diagMessage.severity == .error }) else {
      return tree.hasError ? "\(path): error: it does not parse" : nil
    }
    let place = first.location(converter: SourceLocationConverter(fileName: path, tree: tree))
    return "\(path):\(place.line):\(place.column): error: \(first.message)"
  }

  /// Refuses a manifest with more than one `Package(…)` call, as `#if … #else` gives each
  /// platform its own: sluice-init would edit the first and leave the other platforms'
  /// without the change, so it asks for `elements` (`what`) to be added to each by hand.
  package func checkOnePackage(addingByHand elements: [String], to what: String) throws(Failure) {
    guard packageCalls.count > 1 else { return }
    let converter = SourceLocationConverter(fileName: path, tree: tree)
    let first = converter.location(for: packageCalls[0].positionAfterSkippingLeadingTrivia)
    let second = converter.location(for: packageCalls[1].positionAfterSkippingLeadingTrivia)
    throw Failure(
      description: """
        \(path):\(second.line):\(second.column): error: a second `Package(…)` (the first is on line \(first.line)), as \
        under `#if … #else`; sluice-init edits a manifest with one, as editing only the first would leave the others \
        without the change, and nothing was written. Add to \(what) of each by hand:
        \(elements.map { "  " + $0 }.joined(separator: "\n"))
        """)
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
  private var packageCall: FunctionCallExprSyntax? { packageCalls.first }

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

  /// The manifest with `targets` (`.target(…)` expressions, each with the name it declares)
  /// added as the last of `targets:`, in order, each on a line of its own indented as the
  /// others and ended as the manifest's lines are (LF or CRLF). All in one edit, so the
  /// manifest is parsed once more, not once a target: the result must parse and hold exactly
  /// those targets more.
  package func addingTargets(_ targets: [(element: String, name: String)]) throws(Failure) -> String {
    let byHand = "add \(targets.count == 1 ? "this target" : "these targets") by hand:\n" + targets.map { "  " + $0.element + "," }.joined(separator: "\n")
    let edited = try inserting(targets.map(\.element), byHand: byHand)
    let check = ManifestEditor(source: edited, path: path)
    if let error = check.firstError {
      throw Failure(description: "the edited manifest would not parse (\(error)); nothing was written; \(byHand)")
    }
    guard check.targetCount == targetCount + targets.count, targets.allSatisfy({ check.hasTarget(named: $0.name) }) else {
      throw Failure(description: "\(path): the edit did not add \(targets.count) targets to `targets:`; nothing was written; \(byHand)")
    }
    return edited
  }

  private func inserting(_ elements: [String], byHand: String) throws(Failure) -> String {
    guard let targets = argument("targets")?.as(ArrayExprSyntax.self) else {
      throw Failure(description: "\(path): no `targets: [ … ]` in `Package(…)`; \(byHand)")
    }
    guard let last = targets.elements.last else {
      throw Failure(description: "\(path): `targets:` is empty; \(byHand)")
    }
    let indentation = Self.indentation(before: last.expression, in: source)
    var edited = Array(source.utf8)
    let newline = source.contains("\r\n") ? "\r\n" : "\n"
    let insertion = elements.map { newline + indentation + $0 + "," }.joined()
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
