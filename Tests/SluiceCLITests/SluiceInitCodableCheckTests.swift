import Foundation
import SluiceInit
import Testing

/// `sluice-init` checks from the syntax tree that each feature's `State` and `Action` can be
/// `Codable`: a member that certainly cannot be keeps its feature out, with a warning at the
/// member's `file:line:column` saying what to use; what might be Codable is never flagged.
@Suite struct SluiceInitCodableCheckTests {
  /// A feature `Shelf` whose state holds `stateMember` and whose action has `actionCase`.
  static func shelf(state stateMember: String = "public var count = 0", action actionCase: String = "case add", extra: String = "")
    -> String
  {
    """
    import Sluice

    public struct Shelf: Reducer {
      public struct State: Codable, Equatable, Sendable {
        \(stateMember)
        public init() {}
      }
      public enum Action: Codable, Sendable {
        \(actionCase)
      }
      public init() {}
      public func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
    }
    \(extra)
    """
  }

  static func plan(_ source: String) throws -> DebuggerTargetPlan {
    try SluiceInitTests.plan(sources: [("Shop", SluiceInitTests.shop), ("Shop", source)])
  }

  @Test(arguments: [
    ("public var onTap: @Sendable () -> Void = {}", "`Shelf.State.onTap`", "is a function type"),
    ("public var payload: Any = 0", "`Shelf.State.payload`", "`Any` is an existential"),
    ("public var shape: (any Shape)? = nil", "`Shelf.State.shape`", "`any Shape` is an existential"),
    ("public var pair: (Int, String) = (0, \"\")", "`Shelf.State.pair`", "is a tuple; use a Codable struct"),
    ("public var load: Task<Void, Never>? = nil", "`Shelf.State.load`", "is a `Task`"),
    ("public var tags: [String: [Result<Int, Error>]] = [:]", "`Shelf.State.tags`", "carry an `AsyncOutcome<Value>`"),
    ("public var keys: Set<AnyHashable> = []", "`Shelf.State.keys`", "`AnyHashable` is not Codable"),
  ])
  func aStateMemberThatCannotBeCodableKeepsTheFeatureOutAtItsPlace(_ member: String, _ name: String, _ why: String) throws {
    let plan = try Self.plan(Self.shelf(state: member))
    #expect(plan.features.map(\.typeName) == ["Cart", "Shop.CheckoutFlow"])
    let warning = try #require(plan.skipped.first { $0.typeName == "Shelf" })
    // The member's name, on line 5, column 16 (after `public var `).
    #expect(warning.location == "Sources/Shop/File.swift:5:16", "\(warning)")
    #expect(warning.reason.contains("\(name) cannot be Codable, and the debugger needs State Codable, Equatable and Sendable"), "\(warning)")
    #expect(warning.reason.contains(why), "\(warning)")
    #expect(warning.description.hasPrefix("Sources/Shop/File.swift:5:16: warning: Shelf is not registered: "))
  }

  @Test func anActionPayloadThatIsAResultSuggestsAnAsyncOutcome() throws {
    let plan = try Self.plan(Self.shelf(action: "case loaded(Result<[String], AsyncFailure>), failed(reason: () -> String)"))
    let warnings = plan.skipped.filter { $0.typeName == "Shelf" }
    #expect(warnings.map(\.location) == ["Sources/Shop/File.swift:9:17", "Sources/Shop/File.swift:9:65"], "\(warnings)")
    #expect(warnings.first?.reason.contains("`Shelf.Action.loaded.0` cannot be Codable, and the debugger needs Action Codable and Sendable: `Result<[String], AsyncFailure>` is a `Result`") == true)
    #expect(warnings.first?.reason.contains("made with `AsyncOutcome(result)`") == true)
    #expect(warnings.last?.reason.contains("`Shelf.Action.failed.reason`") == true)
  }

  @Test func aClassOfThePackageThatIsNotCodableIsNamedWithItsDeclaration() throws {
    let plan = try Self.plan(Self.shelf(state: "public var box: Box? = nil", extra: "public final class Box: Sendable {}"))
    let warning = try #require(plan.skipped.first { $0.typeName == "Shelf" })
    #expect(warning.reason.contains("`Box` is a class (declared at Sources/Shop/File.swift:14:20) that is not Codable"), "\(warning)")
  }

  @Test func aStateDeclaredNonCopyableIsNamed() throws {
    let source = Self.shelf().replacingOccurrences(of: "State: Codable, Equatable, Sendable", with: "State: ~Copyable")
    let plan = try Self.plan(source)
    let warning = try #require(plan.skipped.first { $0.typeName == "Shelf" })
    #expect(warning.location == "Sources/Shop/File.swift:4:24")
    #expect(warning.reason.contains("its Shelf.State is declared `~Copyable`"), "\(warning)")
  }

  /// Members that may well be Codable, or are not coded: never flagged.
  @Test(arguments: [
    ("public var count = 0", ""),  // no written type
    ("public var total: Int { 0 }", ""),  // computed
    ("public static var shared: () -> Void = {}", ""),  // static
    ("@Ignored public var cache: Cache? = nil", ""),  // a wrapper codes it
    ("public var box: Box? = nil", "public final class Box: Codable {}"),
    ("public var box: Box? = nil", "public class Box: Base {}"),  // a superclass may be Codable
    ("public var box: Box? = nil", "public final class Box {}\nextension Box: Codable {}"),
    ("public var box: Box? = nil", "@Model public final class Box {}"),  // a macro may add it
    ("public var item: Item? = nil", "public final class Item {}\npublic enum Other { public struct Item {} }"),
    ("public var outcome: Result<Int, AsyncFailure>? = nil", "extension Result: Codable where Success: Codable, Failure: Codable {}"),
    ("public var shape: Shape? = nil", ""),  // a protocol, or a struct of that name
    ("public var tag: (String) = \"\"", ""),  // parentheses, not a tuple
    (
      "public var onTap: () -> Void = {}\nenum CodingKeys: CodingKey { case other }\npublic var other = 0", ""
    ),
    (
      "public var onTap: () -> Void = {}",
      "extension Shelf.State { public init(from decoder: any Decoder) throws { self.init() }\npublic func encode(to encoder: any Encoder) throws {} }"
    ),
  ])
  func whatMayBeCodableIsNotFlagged(_ member: String, _ extra: String) throws {
    let plan = try Self.plan(Self.shelf(state: member, extra: extra))
    #expect(plan.features.map(\.typeName).contains("Shelf"), "\(plan.skipped)")
    #expect(!plan.skipped.contains { $0.typeName == "Shelf" })
  }

  @Test func theExampleFeaturesPassTheCheck() throws {
    // Every feature of the example package (ExampleFeatures) builds with the debugger, so
    // none may be flagged.
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Examples/ExampleFeatures")
    let files = try #require(FileManager.default.enumerator(atPath: folder.path)).compactMap { $0 as? String }
      .filter { $0.hasSuffix(".swift") }
    #expect(files.count > 10)
    let sources = try files.map {
      DebuggerTargetPlan.SourceFile(
        module: "ExampleFeatures", path: $0, text: try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8))
    }
    let manifest = SluiceInitTests.manifest
    let plan = try DebuggerTargetPlan(manifest: manifest, manifestPath: "Package.swift", sources: sources)
    #expect(!plan.skipped.contains { $0.reason.contains("cannot be Codable") || $0.reason.contains("Copyable") }, "\(plan.skipped)")
  }
}
