import SluiceDebugger
import Testing

@Suite("State diffs")
struct StateDiffTests {
  private let state = Todos.State(
    todos: [Todo(id: 1, title: "Milk"), Todo(id: 2, title: "Eggs", done: true)],
    tags: ["home": 2, "work": 1],
    user: User(name: "Ann", age: 41),
    filter: .active,
    count: 3
  )

  private func paths(_ diff: StateDiff) -> [String] {
    diff.changedPaths.map(\.description)
  }

  @Test func nestedStateChangesRenderAndSummarise() {
    var new = state
    new.todos[1].done = false
    new.tags["home"] = nil
    new.tags["work"] = 5
    new.tags["gym"] = 9
    new.user?.name = "Bo"
    new.filter = .completed
    new.count = 4
    let diff = StateDiff(from: state, to: new)
    #expect(
      paths(diff) == [
        "todos[1].done", #"tags["gym"]"#, #"tags["home"]"#, #"tags["work"]"#, "user?.name", "filter", "count",
      ])
    #expect(
      diff.summary == #"todos[1].done, tags["gym"], tags["home"], tags["work"], user?.name, filter, count"#)
    #expect(
      diff.description == """
          Todos.State(
            todos: [
              … (1 unchanged),
              [1]: Todo(
                … (2 unchanged),
        −       done: true
        +       done: false
              )
            ],
            tags: [
        +     "gym": 9,
        −     "home": 2,
        −     "work": 1
        +     "work": 5
            ],
            user: User(
        −     name: "Ann",
        +     name: "Bo",
              … (1 unchanged)
            ),
        −   filter: .active,
        +   filter: .completed,
        −   count: 3
        +   count: 4
          )
        """)
  }

  @Test func linesCarryTheirKind() {
    var new = state
    new.count = 4
    let lines = StateDiff(from: state, to: new).lines()
    #expect(lines.map(\.kind) == [.context, .context, .removed, .inserted, .context])
    #expect(lines.map(\.text) == ["Todos.State(", "  … (4 unchanged),", "  count: 3", "  count: 4", ")"])
    #expect(lines[2].rendered == "\u{2212}   count: 3")
  }

  @Test func equalValuesGiveAnEmptyDiff() {
    let diff = StateDiff(from: state, to: state)
    #expect(diff.isEmpty)
    #expect(diff.changedPaths.isEmpty)
    #expect(diff.summary == "")
    #expect(diff.description == "(no changes)")
    #expect(diff.lines().isEmpty)
  }

  @Test func equalSharedArraysGiveAnEmptyDiff() {
    let todos = (0..<1_000).map { Todo(id: $0, title: "Item \($0)") }
    let copy = todos
    #expect(StateDiff(from: todos, to: copy).isEmpty)
    // Through the reflecting path too (as `Any`, not known to be `Equatable`).
    #expect(StateDiff(from: todos as Any, to: copy as Any).isEmpty)
    // Equal but not sharing storage.
    let rebuilt = (0..<1_000).map { Todo(id: $0, title: "Item \($0)") }
    #expect(StateDiff(from: todos as Any, to: rebuilt as Any).isEmpty)
  }

  @Test func tenThousandElementsWithOneChangeNameExactlyThatElement() {
    var old = Todos.State()
    old.todos = (0..<10_000).map { Todo(id: $0, title: "Item \($0)") }
    var new = old
    new.todos[4_321].done = true
    let diff = StateDiff(from: old, to: new)
    #expect(paths(diff) == ["todos[4321].done"])
    #expect(
      diff.description == """
          Todos.State(
            todos: [
              … (4321 unchanged),
              [4321]: Todo(
                … (2 unchanged),
        −       done: false
        +       done: true
              ),
              … (5678 unchanged)
            ],
            … (4 unchanged)
          )
        """)
  }

  @Test func identifiableElementsInsertedRemovedAndChanged() {
    let old = [Todo(id: 1, title: "a"), Todo(id: 2, title: "b"), Todo(id: 3, title: "c")]
    let new = [Todo(id: 1, title: "a"), Todo(id: 3, title: "C"), Todo(id: 4, title: "d")]
    let diff = StateDiff(from: old, to: new)
    #expect(paths(diff) == ["[1]", "[1].title", "[2]"])
    #expect(
      diff.description == """
          [
            … (1 unchanged),
        −   [1]: Todo(
        −     id: 2,
        −     title: "b",
        −     done: false
        −   ),
            [1]: Todo(
              … (1 unchanged),
        −     title: "c",
        +     title: "C",
              … (1 unchanged)
            ),
        +   [2]: Todo(
        +     id: 4,
        +     title: "d",
        +     done: false
        +   )
          ]
        """)
  }

  @Test func longArraysWithAnInsertionOrARemoval() {
    let old = (0..<5_000).map { Todo(id: $0, title: "t\($0)") }
    var inserted = old
    inserted.insert(Todo(id: -1, title: "new"), at: 2_500)
    #expect(paths(StateDiff(from: old, to: inserted)) == ["[2500]"])
    var removed = old
    removed.remove(at: 10)
    #expect(paths(StateDiff(from: old, to: removed)) == ["[10]"])
    #expect(paths(StateDiff(from: old, to: old + [Todo(id: 9_999, title: "end")])) == ["[5000]"])
    #expect(paths(StateDiff(from: old, to: [])).count == 101)
  }

  @Test func scalarArraysPairReplacementsAsChanges() {
    let diff = StateDiff(from: [1, 2, 3], to: [1, 9, 3, 4])
    #expect(paths(diff) == ["[1]", "[3]"])
    #expect(
      diff.description == """
          [
            … (1 unchanged),
        −   [1]: 2,
        +   [1]: 9,
            … (1 unchanged),
        +   [3]: 4
          ]
        """)
  }

  @Test func hugeChangesAreElided() {
    let diff = StateDiff(from: [Int](), to: Array(0..<1_000))
    #expect(diff.changedPaths.count == 101)
    #expect(diff.changedPaths.last == StatePath.root)
    #expect(
      diff.lines().last(where: { $0.kind == .context && $0.text.contains("more changes") })?.text
        == "  … (900 more changes)")
  }

  @Test func dictionariesWithIntegerKeys() {
    let diff = StateDiff(from: [1: "a", 2: "b", 3: "c"], to: [1: "a", 2: "B", 4: "d"])
    #expect(paths(diff) == ["[2]", "[3]", "[4]"])
    #expect(
      diff.description == """
          [
        −   2: "b",
        +   2: "B",
        −   3: "c",
        +   4: "d",
            … (1 unchanged)
          ]
        """)
  }

  @Test func optionals() {
    var anonymous = state
    anonymous.user = nil
    let appeared = StateDiff(from: anonymous, to: state)
    #expect(paths(appeared) == ["user"])
    #expect(
      appeared.description == """
          Todos.State(
            … (2 unchanged),
        −   user: nil,
        +   user: User(
        +     name: "Ann",
        +     age: 41
        +   ),
            … (2 unchanged)
          )
        """)
    #expect(paths(StateDiff(from: state, to: anonymous)) == ["user"])
    var older = state
    older.user?.age = 42
    #expect(paths(StateDiff(from: state, to: older)) == ["user?.age"])
    #expect(paths(StateDiff(from: Optional(1), to: Optional(2))) == ["self?"])
    #expect(StateDiff(from: Optional<Int>.none, to: nil).isEmpty)
  }

  @Test func enumCaseChangesAndPayloadChanges() {
    let switched = StateDiff(from: Phase.loading(progress: 0.5), to: .loaded(items: [1], note: "ok"))
    #expect(
      switched.change
        == .caseChanged(
          old: ValueTree(reflecting: Phase.loading(progress: 0.5)),
          new: ValueTree(reflecting: Phase.loaded(items: [1], note: "ok"))
        ))
    #expect(paths(switched) == ["self"])
    #expect(
      switched.description == """
        − .loading(
        −   progress: 0.5
        − )
        + .loaded(
        +   items: [
        +     [0]: 1
        +   ],
        +   note: "ok"
        + )
        """)
    let payload = StateDiff(
      from: Phase.loaded(items: [1, 2], note: "ok"), to: .loaded(items: [1, 3], note: "ok"))
    #expect(paths(payload) == ["loaded.items[1]"])
    #expect(
      payload.description == """
          .loaded(
            items: [
              … (1 unchanged),
        −     [1]: 2
        +     [1]: 3
            ],
            … (1 unchanged)
          )
        """)
    #expect(paths(StateDiff(from: Phase.failed("a"), to: .failed("b"))) == ["failed"])
    #expect(
      paths(StateDiff(from: Todos.Action.todo(.toggle(id: 1)), to: .todo(.toggle(id: 2)))) == [
        "todo.toggle.id"
      ])
  }

  @Test func valuesThatAreNotEquatable() {
    let old = Settings(theme: "dark", sizes: [1: "s", 2: "m"], flags: ["a", "b"], phase: .idle)
    let new = Settings(
      theme: "dark", sizes: [1: "s", 2: "L"], flags: ["b", "c"], phase: .loading(progress: 0.1))
    let diff = StateDiff(from: old, to: new)
    #expect(paths(diff) == ["sizes[2]", "flags", "phase"])
    #expect(
      diff.description == """
          Settings(
            … (1 unchanged),
            sizes: [
        −     2: "m",
        +     2: "L",
              … (1 unchanged)
            ],
            flags: Set([
        −     "a",
        +     "c",
              … (1 unchanged)
            ]),
        −   phase: .idle
        +   phase: .loading(
        +     progress: 0.1
        +   )
          )
        """)
    #expect(StateDiff(from: old, to: old).isEmpty)
    #expect(
      paths(StateDiff(from: [old, old], to: [old, new])) == ["[1].sizes[2]", "[1].flags", "[1].phase"])
  }

  @Test func classInstances() {
    let node = Node(name: "a")
    #expect(StateDiff(from: node, to: node).isEmpty)
    let diff = StateDiff(
      from: Node(name: "a", next: Node(name: "b")), to: Node(name: "a", next: Node(name: "c")))
    #expect(paths(diff) == ["next?.name"])
    let cycle = Node(name: "x")
    cycle.next = cycle
    let otherCycle = Node(name: "x")
    otherCycle.next = otherCycle
    #expect(StateDiff(from: cycle, to: otherCycle).isEmpty)
  }

  @Test func rootScalars() {
    let diff = StateDiff(from: 1, to: 2)
    #expect(paths(diff) == ["self"])
    #expect(diff.description == "\u{2212} 1\n+ 2")
    #expect(StateDiff(from: "a", to: "b").description == "\u{2212} \"a\"\n+ \"b\"")
    #expect(
      StateDiff(from: 1 as Any, to: "1" as Any).change
        == .replaced(
          old: .scalar(typeName: "Int", text: "1"),
          new: .scalar(typeName: "String", text: #""1""#)
        ))
  }
}
