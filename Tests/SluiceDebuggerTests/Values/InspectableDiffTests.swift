import Foundation
import Sluice
import SluiceDebugger
import SluiceMacroSupport
import Testing

/// A diff read through `@Inspectable`'s generated field list says exactly what the same diff
/// read by reflection says: the same tree, the same paths, the same lines.
@Suite struct InspectableDiffTests {
  struct Tag: Equatable, Sendable { var name: String }
  /// Not `Equatable`: compared through the differ, not with `==`.
  struct Note: Sendable { var text: String }
  enum Status: Equatable, Sendable { case idle, loading(page: Int) }

  @Inspectable
  struct Listed: Equatable, Sendable {
    var count = 0
    var title = "a"
    var tags: [Tag] = []
    var status = Status.idle
    var note = Note(text: "")
    var nested = Inner()
    var optional: Int?
    @Ignored var cache = 0

    static func == (lhs: Self, rhs: Self) -> Bool {
      lhs.count == rhs.count && lhs.title == rhs.title && lhs.tags == rhs.tags && lhs.status == rhs.status
        && lhs.note.text == rhs.note.text && lhs.nested == rhs.nested && lhs.optional == rhs.optional
    }
  }

  @Inspectable
  struct Inner: Equatable, Sendable {
    var flag = false
    var depth = 1
  }

  /// The same fields, left to reflection.
  struct Reflected: Equatable, Sendable {
    var count = 0
    var title = "a"
    var tags: [Tag] = []
    var status = Status.idle
    var note = Note(text: "")
    var nested = PlainInner()
    var optional: Int?
    @Ignored var cache = 0

    static func == (lhs: Self, rhs: Self) -> Bool {
      lhs.count == rhs.count && lhs.title == rhs.title && lhs.tags == rhs.tags && lhs.status == rhs.status
        && lhs.note.text == rhs.note.text && lhs.nested == rhs.nested && lhs.optional == rhs.optional
    }
  }

  struct PlainInner: Equatable, Sendable {
    var flag = false
    var depth = 1
  }

  static let edits: [(String, @Sendable (inout Listed) -> Void, @Sendable (inout Reflected) -> Void)] = [
    ("one scalar", { $0.count = 2 }, { $0.count = 2 }),
    ("text and an array", { $0.title = "b"; $0.tags = [Tag(name: "x")] }, { $0.title = "b"; $0.tags = [Tag(name: "x")] }),
    ("an enum case", { $0.status = .loading(page: 2) }, { $0.status = .loading(page: 2) }),
    ("a non-Equatable field", { $0.note.text = "hi" }, { $0.note.text = "hi" }),
    ("a nested inspectable struct", { $0.nested.depth = 3 }, { $0.nested.depth = 3 }),
    ("an optional", { $0.optional = 7 }, { $0.optional = 7 }),
    // Left out of equality, but a debugger shows what changed: both read through the wrapper.
    ("an @Ignored field", { $0.cache = 9; $0.count = 1 }, { $0.cache = 9; $0.count = 1 }),
    ("everything", { $0 = Listed(count: 1, title: "z", tags: [Tag(name: "q")], status: .loading(page: 1), note: Note(text: "n"), nested: Inner(flag: true, depth: 2), optional: 0) },
     { $0 = Reflected(count: 1, title: "z", tags: [Tag(name: "q")], status: .loading(page: 1), note: Note(text: "n"), nested: PlainInner(flag: true, depth: 2), optional: 0) }),
  ]

  @Test(arguments: 0..<edits.count)
  func theFieldListSaysWhatReflectionSays(_ index: Int) {
    let (name, editListed, editReflected) = Self.edits[index]
    var listed = Listed()
    editListed(&listed)
    var reflected = Reflected()
    editReflected(&reflected)
    let fast = StateDiff(from: Listed(), to: listed)
    let slow = StateDiff(from: Reflected(), to: reflected)
    #expect(!fast.isEmpty, "\(name)")
    #expect(fast.changedPaths == slow.changedPaths, "\(name)")
    // The type names differ (Listed, Reflected; Inner, PlainInner); everything else agrees.
    let fastLines = fast.lines().map(\.rendered).map { $0.replacingOccurrences(of: "Listed", with: "Reflected").replacingOccurrences(of: "Inner", with: "PlainInner") }
    #expect(fastLines == slow.lines().map(\.rendered), "\(name)")
  }

  /// A mirror that hides a field: reflection cannot see it change, the field list can.
  @Inspectable
  struct Masked: Equatable, Sendable, CustomReflectable {
    var shown = 0
    var masked = 0
    var customMirror: Mirror { Mirror(self, children: ["shown": shown]) }
  }

  @Test func theDiffReadsTheFieldListNotTheMirror() {
    let diff = StateDiff(from: Masked(), to: Masked(shown: 0, masked: 1))
    #expect(diff.changedPaths.map(\.description) == ["masked"])
  }

  @Test func equalValuesHaveNoDiff() {
    #expect(StateDiff(from: Listed(), to: Listed()).isEmpty)
  }
}
