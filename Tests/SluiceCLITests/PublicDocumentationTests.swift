import Foundation
import Testing

/// Every public symbol of the public products has a doc comment, as the compiler sees it.
///
/// The test asks the toolchain for each module's symbol graph (`swift symbolgraph-extract`,
/// the input DocC reads, on the modules this build just compiled) and checks each public
/// symbol declared in `Sources/`: types, members, enum cases, protocol requirements, members
/// of public extensions, macros. The rule:
///
/// - A symbol is documented when the symbol graph gives it a doc comment: its own `///`, or
///   the one Swift inherits from the protocol requirement it implements (`description`,
///   `==`, `init(from:)` take the standard library's). That is what DocC shows.
/// - Symbols the compiler synthesizes (an enum's `hashValue`, no source location) and
///   default implementations declared in a dependency (ArgumentParser's `init(argument:)`)
///   have no declaration of ours to comment, and are not checked.
/// - A requirement of a protocol whose documentation the toolchain does not ship (`Clock`'s
///   `now`) inherits nothing, so it needs a comment of its own.
///
/// Known gaps in `Sources/SluiceDebugger` and `Sources/SluiceShell` are listed in
/// `undocumented-public-symbols.txt` beside this file; the list can only shrink: a symbol
/// documented since must leave it, and a new gap anywhere fails.
@Suite struct PublicDocumentationTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The library products' modules.
  static let modules = ["Sluice", "SluiceTesting", "SluiceDebuggerTesting", "SluiceCasePaths", "SluiceDependencies", "SluiceMacroSupport", "SluiceDebugger", "SluiceReporting", "SluiceShell", "SluiceCLI", "SluiceAgent", "SluiceTracing", "SluiceServe"]

  /// The modules whose known gaps the allow-list may name.
  static let modulesWithKnownGaps: Set = ["SluiceDebugger", "SluiceShell"]

  @Test func everyPublicSymbolHasADocComment() async throws {
    let graphs = try await Self.extractSymbolGraphs()
    let symbols = try graphs.flatMap { try Self.publicSymbols(inGraph: $0) }
    // Checking nothing would pass: make sure every module was read.
    for module in Self.modules {
      #expect(symbols.contains { $0.module == module }, "no public symbol of \(module) was found")
    }
    #expect(symbols.count > 500, "only \(symbols.count) public symbols were found")

    let undocumented = Self.undocumented(symbols, declaredUnder: Self.root.appendingPathComponent("Sources"))
    let known = try Self.knownGaps()
    let new = undocumented.filter { !known.contains($0.key) }
    #expect(
      new.isEmpty,
      "public symbols without a doc comment:\n\(new.map(\.description).joined(separator: "\n"))")
    let fixed = known.subtracting(undocumented.map(\.key)).sorted()
    #expect(
      fixed.isEmpty,
      "listed as undocumented, but documented or gone: remove from undocumented-public-symbols.txt:\n\(fixed.joined(separator: "\n"))")
    let elsewhere = known.filter { !Self.modulesWithKnownGaps.contains(String($0.prefix { $0 != " " })) }.sorted()
    #expect(elsewhere.isEmpty, "the list of known gaps names other modules:\n\(elsewhere.joined(separator: "\n"))")
  }

  /// The check itself, on a small symbol graph: what it flags and what it leaves alone.
  @Test func theRuleFlagsOnlyOurUndocumentedDeclarations() throws {
    let graph = Data(
      #"""
      {"module": {"name": "Demo"}, "symbols": [
        {"pathComponents": ["Documented"], "accessLevel": "public", "kind": {"identifier": "swift.struct"},
         "location": {"uri": "file:///pkg/Sources/Demo/A.swift", "position": {"line": 3}},
         "docComment": {"lines": [{"text": "A thing."}]}},
        {"pathComponents": ["Documented", "description"], "accessLevel": "public", "kind": {"identifier": "swift.property"},
         "location": {"uri": "file:///pkg/Sources/Demo/A.swift", "position": {"line": 5}},
         "docComment": {"module": "Swift", "lines": [{"text": "A textual representation of this instance."}]}},
        {"pathComponents": ["Mode", "dark"], "accessLevel": "public", "kind": {"identifier": "swift.enum.case"},
         "location": {"uri": "file:///pkg/Sources/Demo/A.swift", "position": {"line": 9}}},
        {"pathComponents": ["Mode", "hashValue"], "accessLevel": "public", "kind": {"identifier": "swift.property"}},
        {"pathComponents": ["Mode", "init(argument:)"], "accessLevel": "public", "kind": {"identifier": "swift.init"},
         "location": {"uri": "file:///pkg/.build/checkouts/dep/Sources/Dep/P.swift", "position": {"line": 1}}}
      ]}
      """#.utf8)
    let symbols = try Self.publicSymbols(inGraph: graph)
    #expect(symbols.count == 5)
    let undocumented = Self.undocumented(symbols, declaredUnder: URL(fileURLWithPath: "/pkg/Sources"))
    #expect(undocumented.map(\.key) == ["Demo Mode.dark"])
    #expect(undocumented.first?.description == "Sources/Demo/A.swift:10: Demo Mode.dark (swift.enum.case)")
  }

  // MARK: - Symbol graphs

  struct Symbol {
    var module: String
    var path: String
    var kind: String
    var file: URL?
    var line: Int
    var isDocumented: Bool

    /// How the allow-list names it: `SluiceDebugger ComparisonOperator.equal`.
    var key: String { "\(module) \(path)" }
  }

  struct Gap: CustomStringConvertible {
    var key: String
    var location: String
    var kind: String
    var description: String { "\(location): \(key) (\(kind))" }
  }

  private struct Graph: Decodable {
    struct Module: Decodable { var name: String }
    struct Entry: Decodable {
      struct Kind: Decodable { var identifier: String }
      struct Location: Decodable {
        struct Position: Decodable { var line: Int }
        var uri: String
        var position: Position
      }
      struct DocComment: Decodable {}
      var pathComponents: [String]
      var kind: Kind
      var location: Location?
      var docComment: DocComment?
    }
    var module: Module
    var symbols: [Entry]
  }

  /// The symbols of one `*.symbols.json` file (a module's, or its extensions of another's).
  static func publicSymbols(inGraph data: Data) throws -> [Symbol] {
    let graph = try JSONDecoder().decode(Graph.self, from: data)
    return graph.symbols.map {
      Symbol(
        module: graph.module.name, path: $0.pathComponents.joined(separator: "."), kind: $0.kind.identifier,
        file: $0.location.flatMap { URL(string: $0.uri) }, line: ($0.location?.position.line ?? 0) + 1,
        isDocumented: $0.docComment != nil)
    }
  }

  /// The undocumented symbols declared in files under `sources`.
  static func undocumented(_ symbols: [Symbol], declaredUnder sources: URL) -> [Gap] {
    let prefix = sources.standardizedFileURL.path + "/"
    let base = sources.deletingLastPathComponent().standardizedFileURL.path + "/"
    return symbols.compactMap { symbol in
      guard !symbol.isDocumented, let file = symbol.file?.standardizedFileURL.path, file.hasPrefix(prefix) else {
        return nil
      }
      return Gap(key: symbol.key, location: "\(file.dropFirst(base.count)):\(symbol.line)", kind: symbol.kind)
    }
    .sorted { $0.key < $1.key }
  }

  /// `undocumented-public-symbols.txt`: one `Module Path.to.symbol` a line; `#` comments.
  static func knownGaps() throws -> Set<String> {
    let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("undocumented-public-symbols.txt")
    let text = try String(contentsOf: file, encoding: .utf8)
    return Set(
      text.split(separator: "\n").map { $0.prefix { $0 != "#" }.trimmingCharacters(in: .whitespaces) }
        .filter { !$0.isEmpty })
  }

  /// The modules folder of the build that built these tests: beside the test bundle.
  static func modulesFolder() throws -> URL {
    var candidates: [URL] = []
    if let executable = Bundle.main.executableURL { candidates.append(executable.deletingLastPathComponent()) }
    candidates.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
    candidates.append(root.appendingPathComponent(".build/debug"))
    let folder = candidates.map { $0.appendingPathComponent("Modules") }.first {
      FileManager.default.fileExists(atPath: $0.appendingPathComponent("SluiceCLI.swiftmodule").path)
    }
    return try #require(folder, "no built modules beside \(candidates.map(\.path))")
  }

  /// Runs `swift symbolgraph-extract` on each module; the contents of every graph file.
  static func extractSymbolGraphs() async throws -> [Data] {
    let modules = try modulesFolder()
    let output = FileManager.default.temporaryDirectory
      .appendingPathComponent("sluice-symbol-graphs-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: output) }

    let info = try await swift(["-print-target-info"])
    let target = try JSONSerialization.jsonObject(with: Data(info.utf8)) as? [String: Any]
    let triple = try #require((target?["target"] as? [String: Any])?["triple"] as? String, "\(info)")
    // The C modules dependencies bring (libedit's, swift-dependencies' OpenCombine helpers)
    // are found through their module maps.
    let build = modules.deletingLastPathComponent()
    let moduleMaps = ((try? FileManager.default.contentsOfDirectory(atPath: build.path)) ?? [])
      .filter { $0.hasSuffix(".build") && !$0.hasSuffix("-tool.build") }
      .flatMap { [build.appendingPathComponent($0), build.appendingPathComponent($0).appendingPathComponent("include")] }
      .filter { FileManager.default.fileExists(atPath: $0.appendingPathComponent("module.modulemap").path) }
    // A dependency's C target whose module map is its own (swift-atomics' shims, under NIO).
    let checkouts = root.appendingPathComponent(".build/checkouts")
    let dependencyMaps = ((try? FileManager.default.contentsOfDirectory(atPath: checkouts.path)) ?? [])
      .flatMap { package -> [URL] in
        let sources = checkouts.appendingPathComponent(package).appendingPathComponent("Sources")
        let targets = (try? FileManager.default.contentsOfDirectory(atPath: sources.path)) ?? []
        return targets.map { sources.appendingPathComponent($0).appendingPathComponent("include") }
      }
      .filter { FileManager.default.fileExists(atPath: $0.appendingPathComponent("module.modulemap").path) }
    let includes = ([modules, root.appendingPathComponent("Sources/CLibEdit")] + moduleMaps + dependencyMaps)
      .flatMap { ["-I", $0.path] }
    for module in Self.modules {
      _ = try await swift(
        ["symbolgraph-extract", "-module-name", module, "-target", triple] + includes
          + ["-minimum-access-level", "public", "-output-dir", output.path])
    }
    let files = try FileManager.default.contentsOfDirectory(at: output, includingPropertiesForKeys: nil)
      .filter { $0.lastPathComponent.hasSuffix(".symbols.json") }
    return try files.map { try Data(contentsOf: $0) }
  }

  /// Runs `swift ARGUMENTS` to its end and returns what it printed; fails on a non-zero exit.
  static func swift(_ arguments: [String]) async throws -> String {
    let result = try await Subprocess.run("/usr/bin/env", ["swift"] + arguments)
    try #require(
      result.status == 0, "swift \(arguments.joined(separator: " ")) exited with \(result.status):\n\(result.output)")
    return result.output
  }
}
