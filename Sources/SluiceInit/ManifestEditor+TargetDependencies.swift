import SwiftSyntax
import SwiftSyntaxBuilder

/// Reading and extending the `dependencies:` of one target, for `sluice-init --update`.
extension ManifestEditor {
  /// The `.target(…)` or `.executableTarget(…)` call named `name`.
  private func targetCall(named name: String) -> FunctionCallExprSyntax? {
    guard let targets = argument("targets")?.as(ArrayExprSyntax.self) else { return nil }
    return targets.elements.lazy.compactMap { $0.expression.as(FunctionCallExprSyntax.self) }.first { call in
      call.arguments.contains {
        $0.label?.text == "name" && $0.expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue == name
      }
    }
  }

  private func dependencyArray(ofTarget name: String) -> ArrayExprSyntax? {
    targetCall(named: name)?.arguments.first { $0.label?.text == "dependencies" }?.expression.as(ArrayExprSyntax.self)
  }

  /// The names the target `name` depends on, as written: `"Shop"`, `.target(name: "Shop")`
  /// and `.byName(name: "Shop")` are `Shop`, `.product(name: "SluiceCLI", package: …)` is
  /// `SluiceCLI`; `nil` when it has no `dependencies: [ … ]` literal.
  package func dependencyNames(ofTarget name: String) -> [String]? {
    dependencyArray(ofTarget: name)?.elements.compactMap { Self.dependencyName($0.expression) }
  }

  /// The name a `dependencies:` element depends on, or `nil` for one that is not a literal.
  package static func dependencyName(_ element: ExprSyntax) -> String? {
    if let literal = element.as(StringLiteralExprSyntax.self) { return literal.representedLiteralValue }
    guard let call = element.as(FunctionCallExprSyntax.self) else { return nil }
    return call.arguments.first { $0.label?.text == "name" }?.expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue
  }

  /// The manifest with `elements` (`dependencies:` elements, as Swift) added after the last
  /// of the target `name`'s dependencies: on lines of their own when the dependencies are
  /// one a line, else on the same line. The result is parsed again: it must parse, and the
  /// target must then depend on each.
  package func addingDependencies(_ elements: [String], toTarget name: String) throws(Failure) -> String {
    let byHand = "add to its `dependencies:` by hand: \(elements.joined(separator: ", "))"
    guard let array = dependencyArray(ofTarget: name) else {
      throw Failure(description: "\(path): the target \(Self.literal(name)) has no `dependencies: [ … ]`; \(byHand)")
    }
    try checkOnePackage(addingByHand: elements.map { $0 + "," }, to: "the `dependencies:` of the target \(Self.literal(name))")
    var edited = Array(source.utf8)
    let newline = source.contains("\r\n") ? "\r\n" : "\n"
    if let last = array.elements.last {
      let lastLine = Self.lineStart(of: last.expression, in: edited)
      if lastLine != Self.lineStart(of: array.leftSquare, in: edited) {
        let indentation = Self.indentation(before: last.expression, in: source)
        let lines = elements.map { newline + indentation + $0 + "," }.joined()
        edited.insert(contentsOf: Array(lines.utf8), at: last.endPosition.utf8Offset)
        if last.trailingComma == nil {
          edited.insert(UInt8(ascii: ","), at: last.expression.endPositionBeforeTrailingTrivia.utf8Offset)
        }
      } else {
        let text = elements.map { ", " + $0 }.joined()
        edited.insert(contentsOf: Array(text.utf8), at: last.expression.endPositionBeforeTrailingTrivia.utf8Offset)
      }
    } else {
      edited.insert(contentsOf: Array(elements.joined(separator: ", ").utf8), at: array.leftSquare.endPositionBeforeTrailingTrivia.utf8Offset)
    }
    let result = String(decoding: edited, as: UTF8.self)
    let check = ManifestEditor(source: result, path: path)
    let wanted = elements.compactMap { Self.dependencyName(ExprSyntax(stringLiteral: $0)) }
    guard check.firstError == nil, let names = check.dependencyNames(ofTarget: name), Set(wanted).isSubset(of: names) else {
      throw Failure(description: "\(path): the edit of the target \(Self.literal(name)) would not parse; nothing was written; \(byHand)")
    }
    return result
  }

  /// The offset of the first byte of the line `node` starts on.
  private static func lineStart(of node: some SyntaxProtocol, in bytes: [UInt8]) -> Int {
    var start = node.positionAfterSkippingLeadingTrivia.utf8Offset
    while start > 0, bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
    return start
  }
}
