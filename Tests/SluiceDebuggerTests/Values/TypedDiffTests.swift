import Foundation
import Sluice
@testable import SluiceDebugger
import Testing

/// The differ's typed paths (the root and `Inspectable` fields read without `Any`, common
/// leaves compared by metatype) give exactly what the `Any` path gives for the same values.
@Suite("State diffs: typed and untyped paths agree")
struct TypedDiffTests {
  struct Leaves: Equatable, Sendable, Inspectable {
    var count = 0
    var title = "a"
    var flag = false
    var ratio = 0.5
    var inner = Inner()
    var small: Int8 = 0

    static func visitFields<Visitor: FieldPairVisitor>(of old: Self, and new: Self, with visitor: inout Visitor) {
      visitor.visit("count", old.count, new.count)
      visitor.visit("title", old.title, new.title)
      visitor.visit("flag", old.flag, new.flag)
      visitor.visit("ratio", old.ratio, new.ratio)
      visitor.visit("inner", old.inner, new.inner)
      visitor.visit("small", old.small, new.small)
    }
  }

  struct Inner: Equatable, Sendable, Inspectable {
    var depth = 1
    var names: [String] = []

    static func visitFields<Visitor: FieldPairVisitor>(of old: Self, and new: Self, with visitor: inout Visitor) {
      visitor.visit("depth", old.depth, new.depth)
      visitor.visit("names", old.names, new.names)
    }
  }

  /// The same fields, left to reflection.
  struct PlainLeaves: Equatable, Sendable {
    var count = 0
    var title = "a"
    var flag = false
    var ratio = 0.5
    var inner = PlainInner()
    var small: Int8 = 0
  }

  struct PlainInner: Equatable, Sendable {
    var depth = 1
    var names: [String] = []
  }

  static let edits: [(String, @Sendable (inout Leaves) -> Void, @Sendable (inout PlainLeaves) -> Void)] = [
    ("an Int", { $0.count = -7 }, { $0.count = -7 }),
    ("a String needing escapes", { $0.title = "a \"b\"\n" }, { $0.title = "a \"b\"\n" }),
    ("a Bool", { $0.flag = true }, { $0.flag = true }),
    ("a Double", { $0.ratio = -0.0 }, { $0.ratio = -0.0 }),
    ("a Double that is not a number", { $0.ratio = .nan }, { $0.ratio = .nan }),
    ("another integer type", { $0.small = 3 }, { $0.small = 3 }),
    ("two levels down", { $0.inner.depth = 2; $0.inner.names = ["x"] }, { $0.inner.depth = 2; $0.inner.names = ["x"] }),
    ("every field", { $0 = Leaves(count: 1, title: "z", flag: true, ratio: 2, inner: Inner(depth: 3, names: ["q"]), small: 1) },
     { $0 = PlainLeaves(count: 1, title: "z", flag: true, ratio: 2, inner: PlainInner(depth: 3, names: ["q"]), small: 1) }),
  ]

  private static func sameLines(_ fast: StateDiff, _ slow: StateDiff) -> Bool {
    let renamed = fast.lines().map(\.rendered).map {
      $0.replacingOccurrences(of: "Leaves", with: "PlainLeaves").replacingOccurrences(of: "Inner", with: "PlainInner")
    }
    return renamed == slow.lines().map(\.rendered)
  }

  @Test(arguments: 0..<edits.count)
  func theFieldListAndReflectionGiveTheSameDiff(_ index: Int) {
    let (name, editListed, editPlain) = Self.edits[index]
    var listed = Leaves()
    editListed(&listed)
    var plain = PlainLeaves()
    editPlain(&plain)
    let fast = StateDiff(from: Leaves(), to: listed)
    let slow = StateDiff(from: PlainLeaves(), to: plain)
    #expect(!fast.isEmpty, "\(name)")
    #expect(fast.changedPaths == slow.changedPaths, "\(name)")
    #expect(fast.flatChanges == slow.flatChanges, "\(name)")
    #expect(Self.sameLines(fast, slow), "\(name)")
    // The same values seen as `Any` take the untyped path all the way down.
    let untyped = StateDiff(from: Leaves() as Any, to: listed as Any)
    #expect(fast == untyped, "\(name)")
  }

  @Test func commonLeavesBuildTheTreesReflectionBuilds() {
    let values: [Any] = [0, -12, Int.max, "", "tab\tquote\"", "ü", true, false, 1.5, -0.0, Double.infinity, Double.nan]
    for value in values {
      let typed = Self.typedTree(value)
      #expect(typed == ValueTree(reflecting: value), "\(value)")
    }
  }

  @Test func otherTypesAreNotCommonLeaves() {
    #expect(ScalarLeaf.tree(of: Int8(1)) == nil)
    #expect(ScalarLeaf.tree(of: Substring("a")) == nil)
    #expect(ScalarLeaf.tree(of: Optional(1)) == nil)
    #expect(ScalarLeaf.comparison(Int8(1) as Any, Int8(2) as Any, of: Int8.self) == nil)
  }

  @Test func commonLeavesCompareWithTheirOwnEquality() {
    #expect(ScalarLeaf.comparison(3 as Any, 3 as Any, of: Int.self).isEqual)
    #expect(ScalarLeaf.comparison("a" as Any, "a" as Any, of: String.self).isEqual)
    #expect(!ScalarLeaf.comparison(Double.nan as Any, Double.nan as Any, of: Double.self).isEqual)
    #expect(!ScalarLeaf.comparison(true as Any, false as Any, of: Bool.self).isEqual)
  }

  @Test func manyChangedPathsAtSeveralDepthsStayIntact() {
    struct Pair: Equatable { var a = Inner(), b = Inner(), c = 0 }
    let new = Pair(a: Inner(depth: 2, names: ["x", "y"]), b: Inner(depth: 3, names: []), c: 1)
    let paths = StateDiff(from: Pair(), to: new).changedPaths.map(\.description)
    #expect(paths == ["a.depth", "a.names[0]", "a.names[1]", "b.depth", "c"])
  }

  private static func typedTree(_ value: Any) -> ValueTree? {
    switch value {
    case let value as Int: ScalarLeaf.tree(of: value)
    case let value as String: ScalarLeaf.tree(of: value)
    case let value as Bool: ScalarLeaf.tree(of: value)
    case let value as Double: ScalarLeaf.tree(of: value)
    default: nil
    }
  }
}

extension Optional where Wrapped == ScalarLeaf.Comparison {
  /// Whether the comparison says the two values are equal.
  fileprivate var isEqual: Bool {
    if case .equal? = self { return true }
    return false
  }
}
