import Foundation
import SluiceDebugger
import Testing

@Suite("Value trees render like custom-dump")
struct ValueTreeRenderingTests {
  private let state = Todos.State(
    todos: [Todo(id: 1, title: "Milk"), Todo(id: 2, title: "Eggs", done: true)],
    tags: ["work": 1, "home": 2],
    user: User(name: "Ann", age: 41),
    filter: .active,
    count: 3
  )

  @Test func nestedState() {
    #expect(
      ValueTree(reflecting: state).description == """
        Todos.State(
          todos: [
            [0]: Todo(
              id: 1,
              title: "Milk",
              done: false
            ),
            [1]: Todo(
              id: 2,
              title: "Eggs",
              done: true
            )
          ],
          tags: [
            "home": 2,
            "work": 1
          ],
          user: User(
            name: "Ann",
            age: 41
          ),
          filter: .active,
          count: 3
        )
        """)
  }

  @Test func emptyContainersAndNil() {
    #expect(
      ValueTree(reflecting: Todos.State()).description == """
        Todos.State(
          todos: [],
          tags: [:],
          user: nil,
          filter: .all,
          count: 0
        )
        """)
    #expect(ValueTree(reflecting: Optional<Int>.none as Any).description == "nil")
    #expect(ValueTree(reflecting: Set<Int>()).description == "Set([])")
  }

  @Test func enumCases() {
    #expect(ValueTree(reflecting: Todos.Action.increment).description == ".increment")
    #expect(ValueTree(reflecting: Todos.Action.setStep(3)).description == ".setStep(3)")
    #expect(ValueTree(reflecting: Todos.Action.filter(.active)).description == ".filter(.active)")
    #expect(
      ValueTree(reflecting: Todos.Action.add(title: "Milk", priority: 2)).description == """
        .add(
          title: "Milk",
          priority: 2
        )
        """)
    #expect(
      ValueTree(reflecting: Todos.Action.todo(.toggle(id: 3))).description == """
        .todo(
          .toggle(
            id: 3
          )
        )
        """)
    #expect(ValueTree(reflecting: Phase.failed("timeout")).description == #".failed("timeout")"#)
    // A custom description does not hide the case of a case with a payload.
    #expect(ValueTree(reflecting: Mood.happy(level: 2)).compactDescription == ".happy(level: 2)")
  }

  @Test func setsAndDictionariesAreSorted() {
    #expect(
      ValueTree(reflecting: Todos.Action.tag(["b", "a", "c"])).description == """
        .tag(
          Set([
            "a",
            "b",
            "c"
          ])
        )
        """)
    #expect(
      ValueTree(reflecting: [3: "c", 1: "a"]).description == """
        [
          1: "a",
          3: "c"
        ]
        """)
  }

  @Test func stringsAreQuotedAndEscaped() {
    #expect(
      ValueTree(reflecting: "tab\there \"q\" \\ \n\u{202E}").description
        == #""tab\there \"q\" \\ \n\u{202E}""#)
    #expect(ValueTree(reflecting: "emoji 👩‍👩‍👧").description == #""emoji 👩‍👩‍👧""#)
  }

  @Test func tuplesAndFoundationScalars() {
    #expect(
      ValueTree(reflecting: (1, name: "x")).description == """
        (
          1,
          name: "x"
        )
        """)
    let token = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
    #expect(
      ValueTree(
        reflecting: Todos.Action.schedule(
          at: Date(timeIntervalSince1970: 0), link: URL(string: "https://a.b/c")!, token: token)
      ).description == """
        .schedule(
          at: Date("1970-01-01T00:00:00Z"),
          link: URL("https://a.b/c"),
          token: UUID("E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
        )
        """)
  }

  @Test func typeNamesDropModulesAndUseSugar() {
    #expect(
      ValueTree(reflecting: Box(wrapped: Optional(1))).description == """
        Box<Int?>(
          wrapped: 1
        )
        """)
    #expect(
      ValueTree(reflecting: Box(wrapped: [["a": [1]]])).compactDescription
        == #"Box<[[String: [Int]]]>(wrapped: [["a": [1]]])"#)
    if case .structure(let typeName, _) = ValueTree(reflecting: Box(wrapped: Todos.Filter.all)) {
      #expect(typeName == "Box<Todos.Filter>")
    } else {
      Issue.record("expected a structure")
    }
  }

  @Test func referenceCyclesAreCut() {
    let node = Node(name: "a")
    node.next = Node(name: "b", next: node)
    #expect(
      ValueTree(reflecting: node).description == """
        Node(
          name: "a",
          next: Node(
            name: "b",
            next: Node(…)
          )
        )
        """)
  }

  @Test func depthIsLimited() {
    let tree = ValueTree(reflecting: Box(wrapped: Box(wrapped: Box(wrapped: 1))), maximumDepth: 2)
    #expect(tree.compactDescription == "Box<Box<Box<Int>>>(wrapped: Box<Box<Int>>(wrapped: Box<Int>(…)))")
  }

  @Test func compactDescription() {
    #expect(
      ValueTree(reflecting: state).compactDescription
        == #"Todos.State(todos: [Todo(id: 1, title: "Milk", done: false), Todo(id: 2, title: "Eggs", done: true)], tags: ["home": 2, "work": 1], user: User(name: "Ann", age: 41), filter: .active, count: 3)"#
    )
    #expect(ValueTree(reflecting: [String: Int]()).compactDescription == "[:]")
  }

  @Test func linesCanBeIndentedDifferently() {
    #expect(
      ValueTree(reflecting: User(name: "A", age: 1)).lines(indentation: "    ") == [
        "User(", #"    name: "A","#, "    age: 1", ")",
      ])
  }

  @Test func treeShape() {
    #expect(
      ValueTree(reflecting: User(name: "A", age: 1))
        == .structure(
          typeName: "User",
          fields: [
            .init(label: "name", value: .scalar(typeName: "String", text: #""A""#)),
            .init(label: "age", value: .scalar(typeName: "Int", text: "1")),
          ]))
    #expect(ValueTree(reflecting: Optional(3) as Any) == .optional(.scalar(typeName: "Int", text: "3")))
  }
}
