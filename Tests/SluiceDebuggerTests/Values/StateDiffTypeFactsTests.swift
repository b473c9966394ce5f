import SluiceDebugger
import Testing

/// Diffs of values whose types share names or shapes, run one after another so that
/// facts learned about one type (and cached per type) would show if they leaked into
/// another.
@Suite("State diffs: per-type facts")
struct StateDiffTypeFactsTests {
  struct Box<Content> {
    var content: Content
    var note: String
  }

  struct Pair<First, Second>: Equatable where First: Equatable, Second: Equatable {
    var first: First
    var second: Second
  }

  final class Animal {
    var name: String
    init(name: String) { self.name = name }
  }

  final class Dog {
    var name: String
    var age: Int
    init(name: String, age: Int) {
      self.name = name
      self.age = age
    }
  }

  enum Event: Equatable {
    case moved(x: Int, y: Int)
    case renamed(String)
    case reset
  }

  private func paths(_ diff: StateDiff) -> [String] {
    diff.changedPaths.map(\.description)
  }

  @Test func twoInstantiationsOfAGenericTypeEachDiffByTheirOwnFields() {
    let ints = StateDiff(from: Box(content: 1, note: "a"), to: Box(content: 2, note: "a"))
    let texts = StateDiff(from: Box(content: "x", note: "a"), to: Box(content: "y", note: "b"))
    let nested = StateDiff(
      from: Box(content: Box(content: 1, note: "in"), note: "out"),
      to: Box(content: Box(content: 1, note: "IN"), note: "out"))
    #expect(paths(ints) == ["content"])
    #expect(paths(texts) == ["content", "note"])
    #expect(paths(nested) == ["content.note"])
    #expect(ints.description.contains("Box<Int>("))
    #expect(texts.description.contains("Box<String>("))
    #expect(texts.description.contains(#"+   content: "y""#))
  }

  @Test func equatableGenericInstantiationsCompareWithTheirOwnEquality() {
    let old = Pair(first: 1, second: Pair(first: "a", second: 2.5))
    var new = old
    new.second.second = 3.5
    #expect(paths(StateDiff(from: old, to: new)) == ["second.second"])
    #expect(StateDiff(from: old, to: old).isEmpty)
    // The same values seen as `Any`, where equality comes from a dynamic lookup.
    #expect(paths(StateDiff(from: old as Any, to: new as Any)) == ["second.second"])
    #expect(StateDiff(from: old as Any, to: old as Any).isEmpty)
  }

  @Test func classesWithTheSameFieldNameAreToldApart() {
    let animals = StateDiff(from: Animal(name: "Rex"), to: Animal(name: "Max"))
    let dogs = StateDiff(from: Dog(name: "Rex", age: 3), to: Dog(name: "Rex", age: 4))
    #expect(paths(animals) == ["name"])
    #expect(paths(dogs) == ["age"])
    #expect(dogs.description.contains("… (1 unchanged)"))
  }

  @Test func enumPayloadsOfDifferentCases() {
    #expect(paths(StateDiff(from: Event.moved(x: 1, y: 2), to: .moved(x: 1, y: 3))) == ["moved.y"])
    #expect(paths(StateDiff(from: Event.renamed("a"), to: .renamed("b"))) == ["renamed"])
    #expect(paths(StateDiff(from: Event.renamed("a"), to: .reset)) == ["self"])
    #expect(StateDiff(from: Event.reset, to: .reset).isEmpty)
  }

  @Test func optionalsOfDifferentWrappedTypes() {
    let ints = StateDiff(from: Box<Int?>(content: 1, note: ""), to: Box<Int?>(content: 2, note: ""))
    let boxes = StateDiff(
      from: Box<Box<Int>?>(content: Box(content: 1, note: ""), note: ""),
      to: Box<Box<Int>?>(content: Box(content: 5, note: ""), note: ""))
    let toNil = StateDiff(from: Box<Int?>(content: 1, note: ""), to: Box<Int?>(content: nil, note: ""))
    #expect(paths(ints) == ["content?"])
    #expect(paths(boxes) == ["content?.content"])
    #expect(paths(toNil) == ["content"])
  }

  @Test func tuplesWithAndWithoutLabels() {
    let labeled = StateDiff(from: (a: 1, b: "x") as Any, to: (a: 1, b: "y") as Any)
    let unlabeled = StateDiff(from: (1, "x") as Any, to: (2, "x") as Any)
    #expect(paths(labeled) == ["b"])
    #expect(paths(unlabeled) == ["0"])
  }
}
