import CFuzzDriver
import FuzzFeatures
import Foundation
import Sluice
import SluiceDebugger
import SluiceReporting
import SwiftParser
import SwiftSyntax

/// The program's entry point (see CFuzzDriver.h).
@_cdecl("FuzzExportTest_main")
func fuzzExportTestMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
  SluiceFuzzMain(argc, argv, fuzzExportTest)
}

/// `export-test` of any session file: the bytes are loaded as a session of a small feature
/// and, when they load, written as a Swift test. The test must parse, and no text of the file
/// may be code in it: the same file with each of its texts replaced by a plain word must give
/// the same code (the same tokens, string literals' contents and comments aside), and the
/// file's name (a line break and a `@Test` in it) must stay in its comment. A difference is a
/// text of the file that left its literal or its comment: the target traps.
func fuzzExportTest(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  guard let data, size > 0 else { return 0 }
  let bytes = Data(bytes: data, count: size)
  MainActor.assumeIsolated { ExportFuzzing.shared.check(bytes) }
  return 0
}

@MainActor
final class ExportFuzzing {
  static let shared = ExportFuzzing()

  /// A folder of this process's, for the two files each input is written as.
  let folder: String = {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("sluice-fuzz-export-\(getpid())").path
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }()
  /// The hostile file's name (no `/`: a file name cannot hold one): it ends the header's
  /// comment unless the export keeps it in.
  static let hostileName = "x\n@Test func fromTheFileName() {}\n\u{2028}\u{202E}.json"
  let registry = FeatureRegistry(
    [Feature("todos", summary: "fuzzing", initialState: FuzzTodos.State()) { _ in FuzzTodos() }],
    importedAs: "FuzzExportTest.registry")

  func check(_ bytes: Data) {
    if let seeds = ProcessInfo.processInfo.environment["SLUICE_FUZZ_WRITE_SEEDS"] {
      writeSeeds(to: seeds)
      exit(0)
    }
    guard let hostile = export(bytes, named: Self.hostileName) else { return }
    let (hostileTokens, parses) = Self.code(of: hostile)
    guard parses else { fatalError("the export does not parse:\n\(hostile)") }
    // The same file with its texts made plain: a file that is not JSON has none to change.
    guard let object = try? JSONSerialization.jsonObject(with: bytes, options: [.fragmentsAllowed]) else { return }
    var plain = PlainTexts()
    let plainObject = plain.replacingTexts(in: object, key: nil)
    guard let plainBytes = try? JSONSerialization.data(withJSONObject: plainObject, options: [.fragmentsAllowed]),
      let calm = export(plainBytes, named: "plain.json")
    else { return }
    let (calmTokens, _) = Self.code(of: calm)
    guard hostileTokens == calmTokens else {
      let first = zip(hostileTokens, calmTokens).first { $0 != $1 }
      fatalError(
        "a text of the session file became code: \(first.map { "'\($0.0)' where '\($0.1)' was" } ?? "more tokens")\n\(hostile)")
    }
  }

  /// The test exported from `bytes` saved as `name`; `nil` when they do not load.
  private func export(_ bytes: Data, named name: String) -> String? {
    let path = folder + "/" + name
    guard FileManager.default.createFile(atPath: path, contents: bytes) else { fatalError("cannot write \(path)") }
    defer { unlink(path) }
    return (try? debugger.describeTest(fromSessionFile: path, name: "FuzzedSessionTests")).map { ExportedTest($0).source }
  }

  private lazy var debugger = Debugger(
    registry: registry, options: SessionOptions(usesVirtualClock: true, historyLimit: 1_000))

  /// The file's tokens that are code: all but string literals' text (comments are trivia).
  static func code(of source: String) -> (tokens: [String], parses: Bool) {
    let tree = Parser.parse(source: source)
    let tokens = tree.tokens(viewMode: .sourceAccurate).compactMap { token -> String? in
      if case .stringSegment = token.tokenKind { return nil }
      return token.text
    }
    return (tokens, !tree.hasError)
  }

  /// Seed session files (`SLUICE_FUZZ_WRITE_SEEDS=folder`): sessions of the feature made by
  /// sending actions like those of the example Todos script. `Fuzz/Corpus/FuzzExportTest` holds
  /// them with job spans, cycle warnings and stops added, as the example sessions have them.
  func writeSeeds(to directory: String) {
    let scripts: [[String]] = [
      [".add(title: \"Milk\")", ".add(title: \"Walk the dog\")", ".remove(id: 1)", ".increment"],
      (0..<12).map { $0 % 3 == 0 ? ".increment" : ".add(title: \"item \($0) ☕️\")" },
    ]
    for (number, actions) in scripts.enumerated() {
      let seeding = Debugger(registry: registry, options: SessionOptions(usesVirtualClock: true, historyLimit: 1_000))
      guard let session = try? seeding.use("todos") else { fatalError("no session") }
      for action in actions { _ = try? session.running.send(action, origin: .user) }
      do {
        try session.files.save(to: "\(directory)/session-\(number + 1).json")
      } catch {
        fatalError("cannot write a seed: \(error)")
      }
    }
  }
}

/// Replaces every text of a session file that is free text (a title, a job's name, a case
/// name, a reason) by a plain word of its own: `t1`, `t2`, … (the same text, the same word, so
/// that texts equal in the file stay equal). The words the loader reads as names of its own
/// (an outcome, a kind, the format, the feature, the log) are kept.
struct PlainTexts {
  private var words: [String: String] = [:]
  /// The keys whose string values are the file's structure, not free text.
  static let structural: Set = [
    "format", "feature", "fingerprint", "log", "kind", "outcome", "policy", "signal", "origin",
  ]

  mutating func replacingTexts(in value: Any, key: String?) -> Any {
    switch value {
    case let object as [String: Any]:
      var result: [String: Any] = [:]
      for (key, value) in object { result[key] = replacingTexts(in: value, key: key) }
      return result
    case let array as [Any]:
      return array.map { replacingTexts(in: $0, key: key) }
    case let text as String:
      if let key, Self.structural.contains(key) { return text }
      if let word = words[text] { return word }
      let word = "t\(words.count + 1)"
      words[text] = word
      return word
    default:
      return value
    }
  }
}
