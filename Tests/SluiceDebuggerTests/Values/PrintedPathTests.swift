import Foundation
import Sluice
@testable import SluiceDebugger
import Testing

/// Every path the debugger prints (`find`, `diff`, `log`, `show`) is one `print`, `expect`,
/// `watch` and `log changed` accept, and leads to the value printed beside it.
@MainActor
@Suite struct PrintedPathTests {
  @Test func findPrintsAPathIntoAnEnumPayloadThatPrintAccepts() async throws {
    let harness = try InterpreterHarness(feature: "search")
    try await harness.result(#"send .searchResponse(["alpha", "beta"])"#)
    guard case .found(_, _, let matches) = try await harness.result("find beta") else {
      Issue.record("find did not answer with matches")
      return
    }
    #expect(matches.map(\.path.description) == ["results.loaded[1]"])
    #expect(try await harness.value("results.loaded[1]") == #""beta""#)
  }

  @Test func aDictionaryKeyPrintedAsAUUIDLiteralIndexesTheDictionary() throws {
    let id = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
    let state = PathSample(names: [id: "Milk"])
    let printed = ValueTree(reflecting: state).compactDescription
    #expect(printed.contains(#"UUID("E621E1F8-C36C-495A-93FC-0C247A3E6E5F"): "Milk""#), "\(printed)")
    let path = try StatePath(parsing: #"names[UUID("E621E1F8-C36C-495A-93FC-0C247A3E6E5F")]"#)
    #expect(try path.value(in: state) as? String == "Milk")
    let found = ValueTree(reflecting: state).matches(of: "milk")
    #expect(found.map(\.path) == [path])
  }

  @Test func logChangedListsOnlyEntriesWhereThePathExistedBeforeOrAfter() async throws {
    let harness = try InterpreterHarness(feature: "search")
    try await harness.result(#"send .searchResponse(["a"])"#)  // #1: results.loaded[1] does not exist
    try await harness.result(#"send .searchResponse(["a", "b"])"#)  // #2: it appears
    try await harness.result(#"send .searchResponse(["a", "b"])"#)  // #3: nothing changes
    try await harness.result("send .searchFailed(AsyncFailure(message: \"x\"))")  // #4: it goes away
    guard case .history(let records, _, _) = try await harness.result("log changed results.loaded[1]") else {
      Issue.record("log did not answer with history")
      return
    }
    #expect(records.map(\.index) == [2, 4])
  }

  /// Found by the random test below (seeds 3012 and 9024, about one in a thousand): an
  /// element that changed and moved (one before it inserted or removed) was diffed inside,
  /// under its new index, and what was removed inside it printed a path that leads nowhere in
  /// the old state (`slots[1].many[0]` for what was `slots[2]`'s). It is now removed where it
  /// was and inserted where it is.
  @Test func anElementThatChangedAndMovedIsPrintedWhereItWasAndWhereItIs() {
    for (old, new) in [
      ([PathSample.Slot.many([]), nil, .many([0, 7])], [nil, PathSample.Slot.many([])]),
      ([nil, .many([5, 8])], [.labeled(count: 2, note: nil), nil, .many([])]),
    ] {
      let before = PathSample(slots: old)
      let after = PathSample(slots: new)
      #expect(PrintedPaths.problems(from: before, to: after) == [], "\(old) → \(new)")
    }
  }

  @Test func pathsPrintedForRandomStatesLeadToTheValuesPrintedBesideThem() throws {
    let seed = ProcessInfo.processInfo.environment["SLUICE_PATH_SEED"].flatMap(UInt64.init)
      ?? UInt64.random(in: 1...UInt64(UInt32.max))
    var generator = SplitMix64(seed: seed)
    var previous = PathSample.random(using: &generator)
    for number in 0..<120 {
      let next = PathSample.random(using: &generator)
      let problems = PrintedPaths.problems(from: previous, to: next)
      guard problems.isEmpty else {
        Issue.record("seed \(seed), state \(number): \(problems.prefix(5).joined(separator: "; "))")
        return
      }
      previous = next
    }
  }

  @Test func pathsPrintedForTheExampleFeaturesStatesLeadToTheValuesPrintedBesideThem() async throws {
    let seed = ProcessInfo.processInfo.environment["SLUICE_PATH_SEED"].flatMap(UInt64.init)
      ?? UInt64.random(in: 1...UInt64(UInt32.max))
    var generator = SplitMix64(seed: seed)
    for (feature, actions) in ExampleTour.actions {
      let harness = try InterpreterHarness(feature: feature)
      let session = try #require(harness.interpreter.debugger.current)
      for step in 0..<24 {
        let action = actions[generator.next(below: actions.count)]
        _ = try? session.running.send(action, origin: .script)
        _ = try await session.running.advance(by: .milliseconds(generator.next(below: 3) * 700))
        if session.inspection.status == .paused { try await harness.result("continue") }
        // Every entry's diff against its state before, and `find` in the state now.
        for record in session.inspection.history(last: 2) {
          let (_, diff) = try session.inspection.entry(record.index)
          let states = try #require(session.inspection as? any StatesAfterEntries)
          let before = try states.anyState(after: record.index - 1)
          let after = try states.anyState(after: record.index)
          let problems = PrintedPaths.problems(from: before, to: after, diff: diff)
          guard problems.isEmpty else {
            Issue.record("seed \(seed), \(feature) step \(step) (\(action)): \(problems.prefix(5).joined(separator: "; "))")
            return
          }
          // `log changed` finds the entry by each path its diff printed.
          for path in diff.changedPaths {
            let listed = try session.inspection.entries(changing: path.description).map(\.index)
            #expect(listed.contains(record.index), "seed \(seed), \(feature): log changed \(path) misses #\(record.index)")
          }
        }
      }
    }
  }
}

/// A state with the shapes paths go through: enum payloads of every form, optionals,
/// dictionaries keyed by strings, integers, enums and UUIDs, sets and nested arrays.
struct PathSample: Equatable, Sendable, Codable {
  enum Mode: String, Hashable, Sendable, Codable { case dark, light }
  enum Slot: Equatable, Sendable, Codable {
    case empty
    case one(String)
    case pair(Int, String)
    case labeled(count: Int, note: String?)
    case many([Int])
  }

  var names: [UUID: String] = [:]
  var modes: [Mode: Int] = [:]
  var scores: [Int: [String]] = [:]
  var words: [String: Slot] = [:]
  var slot: Slot = .empty
  var slots: [Slot?] = []
  var load: AsyncState<[Slot]> = .idle
  var tags: Set<String> = []
  var maybe: Int? = nil
  var when: [Date: Bool] = [:]
}

extension PathSample {
  static func random(using generator: inout SplitMix64) -> Self {
    let texts = ["a", "Milk", "b c", "é", "\"", "x.y", "[0]"]
    func text() -> String { texts[generator.next(below: texts.count)] }
    func slot() -> Slot {
      switch generator.next(below: 5) {
      case 0: .empty
      case 1: .one(text())
      case 2: .pair(generator.next(below: 5), text())
      case 3: .labeled(count: generator.next(below: 5), note: generator.next(below: 2) == 0 ? nil : text())
      default: .many((0..<generator.next(below: 3)).map { _ in generator.next(below: 9) })
      }
    }
    func some<T>(_ count: Int, _ make: () -> T) -> [T] { (0..<generator.next(below: count)).map { _ in make() } }
    // A few fixed ids, so that consecutive states share keys and their diffs nest.
    let ids = (0..<3).map { UUID(uuidString: "00000000-0000-0000-0000-00000000000\($0)")! }
    var sample = PathSample()
    for id in ids where generator.next(below: 2) == 0 { sample.names[id] = text() }
    for mode in [Mode.dark, .light] where generator.next(below: 2) == 0 { sample.modes[mode] = generator.next(below: 4) }
    for key in 0..<3 where generator.next(below: 2) == 0 { sample.scores[key] = some(3, text) }
    for key in texts.prefix(3) where generator.next(below: 2) == 0 { sample.words[key] = slot() }
    sample.slot = slot()
    sample.slots = some(4) { generator.next(below: 3) == 0 ? nil : slot() }
    switch generator.next(below: 4) {
    case 0: sample.load = .idle
    case 1: sample.load = .loading(previous: generator.next(below: 2) == 0 ? nil : some(3, slot))
    case 2: sample.load = .loaded(some(4, slot))
    default: sample.load = .failed(AsyncFailure(message: text()), previous: some(2, slot))
    }
    sample.tags = Set(some(3, text))
    sample.maybe = generator.next(below: 2) == 0 ? nil : generator.next(below: 9)
    for second in 0..<2 where generator.next(below: 2) == 0 {
      sample.when[Date(timeIntervalSinceReferenceDate: Double(second) + 0.5)] = generator.next(below: 2) == 0
    }
    return sample
  }
}

/// Checks the paths printed for two states and their diff.
enum PrintedPaths {
  /// The queries `find` is asked: letters and digits that occur in keys and values.
  static let queries = ["a", "e", "i", "o", "s", "t", "m", "l", "0", "1", "2", "3", "\"", ".", "("]

  /// What is wrong with the paths `find` prints in `new` and the diff from `old` to `new`
  /// prints: each must parse, lead to a value, and that value must be the one printed.
  static func problems(from old: Any, to new: Any, diff: StateDiff? = nil) -> [String] {
    var problems: [String] = []
    let tree = ValueTree(reflecting: new)
    for query in queries {
      for match in tree.matches(of: query) {
        problems += check(match.path, in: new, printed: match.value, by: "find \(query)")
      }
    }
    let diff = diff ?? StateDiff(from: old, to: new)
    for path in diff.changedPaths {
      guard reparsed(path) == path else {
        problems.append("changed path \(path) does not parse back")
        continue
      }
      if (try? path.value(in: new)) == nil, (try? path.value(in: old)) == nil {
        problems.append("changed path \(path) leads nowhere before or after")
      }
    }
    for change in diff.flatChanges {
      if let value = change.new {
        problems += check(change.path, in: new, printed: value, by: "diff")
      } else if let value = change.old {
        problems += check(change.path, in: old, printed: value, by: "diff")
      }
    }
    return problems
  }

  private static func reparsed(_ path: StatePath) -> StatePath? {
    try? StatePath(parsing: path.description)
  }

  private static func check(_ path: StatePath, in state: Any, printed: String, by command: String) -> [String] {
    guard let parsed = reparsed(path), parsed == path else {
      return ["\(command) printed \(path), which does not parse back"]
    }
    let value: Any
    do {
      value = try parsed.value(in: state)
    } catch {
      return ["\(command) printed \(path), which print refuses: \(error)"]
    }
    let shown = ValueTree(reflecting: value)
    // A set's elements have no path of their own: a change to one is printed at the set.
    if case .collection(.set, _, let elements) = shown, elements.contains(where: { $0.compactDescription == printed }) {
      return []
    }
    guard shown.compactDescription == printed else {
      return ["\(command) printed \(path) = \(printed), but print shows \(shown.compactDescription)"]
    }
    return []
  }
}

/// Actions that take each example feature through its states.
enum ExampleTour {
  static let actions: [(String, [String])] = [
    ("counter", [".increment", ".decrement", ".setStep(3)", ".reset"]),
    ("todos", [".load", #".add(title: "Milk")"#, ".toggle(id: 1)", ".setFilter(.completed)", ".delete(id: 2)", ".cancelLoad"]),
    ("search", [#".queryChanged("a")"#, ".search", ".refresh", #".searchResponse(["Ada", "Alan"])"#, #".queryChanged("")"#]),
    ("checkout", [
      #".addItem(CartItem(id: "x", name: "Tea", priceInCents: 300, quantity: 2))"#, ".checkout", #".removeItem(id: "x")"#,
    ]),
    ("temperature-fixed", [".setCelsius(20)", ".setFahrenheit(50)"]),
    ("profile", [".appeared", #".binding(.set(\.draftName, "Ann"))"#, ".save", ".refresh"]),
    ("stopwatch", [".start", ".stop", ".clear"]),
    ("weather", [#".cityChanged("Oslo")"#, ".fetch"]),
    ("journal", [#".write("hi")"#, ".save"]),
  ]
}

/// A session's states after its entries, whatever its state type.
@MainActor
protocol StatesAfterEntries {
  func anyState(after index: Int) throws -> Any
}

extension Inspector: StatesAfterEntries {
  func anyState(after index: Int) throws -> Any {
    try state(after: index)
  }
}
