import Foundation
import SwiftSyntax

/// A registration, in the file that registers a debugger's features, of a feature that reads
/// swift-dependencies' values without stating them (no `dependencies:` argument, and no
/// `controlled(by:)` given values): the debugger, its tests and exported tests may then run
/// it on different values, and its middleware outside the session's clock. `sluice-init
/// --update` lists it; with `--control` it rewrites the ones it owns.
package struct UnstatedRegistration: Equatable, Sendable {
  /// The name it registers the feature under.
  package let name: String
  /// The 1-based line its `Feature(` is on.
  package let line: Int
  /// The lines to write instead, unindented: the `dependencies:` form, with the user's name
  /// and summary.
  package let replacement: [String]
  /// The 0-based lines it spans, when `sluice-init` may rewrite them: between the
  /// registration markers, named by its own marker, and in the form `sluice-init` wrote
  /// (nothing the user added, alone on its lines); `nil` otherwise.
  package let rewritable: ClosedRange<Int>?
  /// The feature it registers, as the replacement registers it.
  package let feature: FoundFeature
}

extension MainFileText {
  /// The registrations of `features` that read swift-dependencies without stating the values
  /// they run on, in the order of the file.
  func unstatedRegistrations(of features: [FoundFeature]) -> [UnstatedRegistration] {
    // Without usable markers nothing is owned, and every registration is only listed; adding
    // to such a file is refused where it is tried, saying why.
    let owned: ClosedRange<Int>? =
      if let begin = (try? line(GeneratedRegion.beginRegistrations)) ?? nil,
        let end = (try? line(GeneratedRegion.endRegistrations)) ?? nil, begin < end
      { begin...end } else { nil }
    let converter = SourceLocationConverter(fileName: path, tree: tree)
    var found: [UnstatedRegistration] = []
    for token in tree.tokens(viewMode: .sourceAccurate) where token.tokenKind == .identifier("Feature") {
      guard let call = token.parent?.parent?.as(FunctionCallExprSyntax.self)
          ?? token.parent?.parent?.parent?.as(FunctionCallExprSyntax.self),
        let first = call.arguments.first, first.label == nil,
        let name = first.expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue,
        let registered = Self.feature(registeredBy: call, as: name, among: features), registered.readsDependencies,
        !Self.statesValues(call)
      else { continue }
      let start = call.positionAfterSkippingLeadingTrivia, end = call.endPositionBeforeTrailingTrivia
      let startLine = converter.location(for: start).line - 1, endLine = converter.location(for: end).line - 1
      var feature = registered
      feature.hasMiddleware = call.arguments.contains { $0.label?.text == "middleware" }
      let ownedHere =
        owned.map { $0.contains(startLine - 1) && $0.contains(endLine + 1) } == true
        && (startLine...endLine).contains { hasMarker(naming: name, onLine: $0) }
      let rewritable =
        ownedHere && feature.registryName == name && Self.isGeneratedForm(call, of: feature)
        && lines[startLine].utf8.prefix(converter.location(for: start).column - 1).allSatisfy { $0 == 0x20 || $0 == 0x09 }
        && isRegistrationEnd(afterColumn: converter.location(for: end).column, onLine: endLine, naming: name)
      let summary = call.arguments.first { $0.label?.text == "summary" }?.expression.trimmedDescription
      // A summary written over several lines (a multi-line literal) is the user's to move.
      let oneLine = summary.map { !$0.contains(where: \.isNewline) } ?? true
      let replacement = DebuggerSource.registration(
        of: feature, name: first.expression.trimmedDescription, summary: summary, marked: rewritable && oneLine)
      found.append(
        UnstatedRegistration(
          name: name, line: startLine + 1, replacement: replacement,
          rewritable: rewritable && oneLine ? startLine...endLine : nil, feature: feature))
    }
    return found
  }

  /// The file with each rewritable registration of `registrations` replaced by its lines,
  /// indented as its first line was, ended as the file's lines are.
  func rewriting(_ registrations: [UnstatedRegistration]) -> String {
    var result = ""
    var index = 0
    for registration in registrations.sorted(by: { $0.line < $1.line }) {
      guard let span = registration.rewritable, span.lowerBound >= index else { continue }
      result += lines[index..<span.lowerBound].joined()
      let indentation = String(lines[span.lowerBound].prefix { $0 == " " || $0 == "\t" })
      result += registration.replacement.map { indentation + $0 + newline }.joined()
      index = span.upperBound + 1
    }
    return result + lines[index...].joined()
  }

  /// Whether line `index` carries the marker `// sluice-init: feature NAME` for `name`.
  private func hasMarker(naming name: String, onLine index: Int) -> Bool {
    guard let marker = lines[index].range(of: GeneratedRegion.featurePrefix) else { return false }
    return lines[index][marker.upperBound...].prefix { !$0.isWhitespace } == name
  }

  /// Whether all that follows the call's end (1-based UTF-8 `column`) on line `index` is its
  /// comma and, at most, its marker: nothing of the user's shares its last line.
  private func isRegistrationEnd(afterColumn column: Int, onLine index: Int, naming name: String) -> Bool {
    let rest = String(decoding: lines[index].utf8.dropFirst(column - 1), as: UTF8.self)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    guard rest.hasPrefix(",") else { return false }
    let after = rest.dropFirst().trimmingCharacters(in: .whitespaces)
    return after.isEmpty || after == GeneratedRegion.featurePrefix + name
  }

  /// The feature `call` registers as `name`: the one of that name, else the one whose
  /// `State()` it starts from (a registration under a name of the user's).
  private static func feature(registeredBy call: FunctionCallExprSyntax, as name: String, among features: [FoundFeature]) -> FoundFeature? {
    if let named = features.first(where: { $0.registryName == name }) { return named }
    let state = call.arguments.first { $0.label?.text == "initialState" }.map { collapsed($0.expression.trimmedDescription) }
    return features.first { "\($0.spelledType).State()" == state }
  }

  /// Whether `call` states the values its feature runs on: a `dependencies:` argument, or a
  /// `controlled(by:)` given values (a second argument or a trailing closure).
  private static func statesValues(_ call: FunctionCallExprSyntax) -> Bool {
    if call.arguments.contains(where: { $0.label?.text == "dependencies" }) { return true }
    return call.tokens(viewMode: .sourceAccurate).contains { token in
      guard token.tokenKind == .identifier("controlled"),
        let controlled = token.parent?.parent?.as(MemberAccessExprSyntax.self)?.parent?.as(FunctionCallExprSyntax.self)
      else { return false }
      return controlled.arguments.count > 1 || controlled.trailingClosure != nil
    }
  }

  /// Whether `call` is a registration of `feature` as `sluice-init` wrote it before it stated
  /// values: its name, summary and state, maybe its middleware, and its reducer, alone or
  /// `controlled(by: environment)`; nothing else the user could have added.
  private static func isGeneratedForm(_ call: FunctionCallExprSyntax, of feature: FoundFeature) -> Bool {
    let type = feature.spelledType
    let labels = call.arguments.map { $0.label?.text }
    guard labels == [nil, "summary", "initialState"] || labels == [nil, "summary", "initialState", "middleware"],
      call.additionalTrailingClosures.isEmpty, let reducer = call.trailingClosure,
      collapsed(call.arguments.first { $0.label?.text == "initialState" }?.expression.trimmedDescription ?? "") == "\(type).State()"
    else { return false }
    if let middleware = call.arguments.first(where: { $0.label?.text == "middleware" }),
      collapsed(middleware.expression.trimmedDescription) != "{ _ in \(type).middleware }"
    {
      return false
    }
    return ["{ _ in \(type)() }", "{ environment in \(type)().controlled(by: environment) }"].contains(collapsed(reducer.trimmedDescription))
  }

  /// `text` with each run of whitespace made one space.
  private static func collapsed(_ text: String) -> String {
    text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }
}
