import Foundation
import Sluice
import SluiceDebugger

/// Writes a ``TestDescription`` as a Swift Testing test that replays the session with
/// `TestStore`: each action sent or received, its change asserted as assignments in the
/// call's closure, virtual time advanced between them, `finish()` at the end.
///
/// Where the test cannot reproduce the session (a value Swift cannot write, a real clock,
/// an edit by hand), a `//` comment says so at that point, and the note is kept in
/// ``notes``. Everything that came from the session (names, values, the file's own name)
/// is escaped: a comment through ``SwiftComment``, a string through a Swift literal.
struct SwiftTestWriter {
  /// The test's text so far.
  private(set) var text = ""
  /// The notes written so far, as the comments show them.
  private(set) var notes: [String] = []
  /// Indentation, in levels of two spaces.
  private var indent = 0
  /// Where the test's clock is.
  private var time = Duration.zero

  /// Writes the whole test.
  mutating func write(_ test: TestDescription) {
    writeHeader(test.setup, actionCount: test.actionCount)
    writeStore(test.setup, cycles: test.cycles)
    for step in test.steps {
      switch step {
      case .cancelJobs(let name, let hadNamesakes, let time):
        line("")
        advance(to: time)
        if hadNamesakes { note("`cancel` chose one of several jobs named '\(name)'; the test cancels them all") }
        line("await store.cancelJobs(named: \(SwiftStringEscaping.quoted(name)))")
      case .edit(let index, let isSkipped, let time):
        line("")
        advance(to: time)
        if isSkipped { noteSkipped(index) }
        // The test's store never had the edit: what follows is asserted as the changes each
        // action made, so it matches as long as nothing reads what was edited.
        note("#\(index) edits the state by hand (`set var`), which a test store cannot: the test goes on without the edit, and fails where an action reads what it changed")
      case .entry(let entry, let time):
        line("")
        advance(to: time)
        write(entry)
      }
    }
    // What happened after the last entry happens in the test too.
    if test.end > time {
      line("")
      advance(to: test.end)
    }
    line("")
    if !test.runningJobs.isEmpty {
      note("the session ended with \(test.runningJobs.map { "'\($0)'" }.joined(separator: ", ")) still running: the test lets it go")
      line("await store.skipInFlightEffects()")
    }
    line("await store.finish()")
    switch test.failure {
    case .condition(let condition)?:
      line("")
      comment("`shrink` kept these actions because the last state satisfies `\(condition)`: the test fails here until that is fixed.")
      line("#expect(try !store.stateSatisfies(\(SwiftStringEscaping.quoted(condition))))")
    case .cycle(let cycle)?:
      line("")
      comment("`shrink` kept these actions because they run into the cycle \(cycle): the test fails here until that is fixed.")
      line("#expect(!store.cycleWarnings.map(\\.cycleDescription).contains(\(SwiftStringEscaping.quoted(cycle))))")
    case .failedJob(let name)?:
      line("")
      comment("`shrink` kept these actions because the job '\(name)' fails: the test fails here until that is fixed.")
      line("#expect(!store.failedJobs.map(\\.name).contains(\(SwiftStringEscaping.quoted(name))))")
    case nil:
      if let cycles = test.cycles {
        // After `finish()`, which waits for the jobs: the action that tripped the detector may
        // be sent after the last one received.
        line("")
        comment("The cycle detector fired, as in the session (`info cycles`).")
        for assertion in Self.assertions(of: cycles.warnings) { line(assertion) }
      }
    }
    indent -= 1
    line("}")
    indent -= 1
    line("}")
  }

  // MARK: - The parts

  /// The comment that says where the test came from, the imports, and the suite's opening.
  private mutating func writeHeader(_ setup: TestDescription.Setup, actionCount: Int) {
    // `origin` names the file, whose name is anyone's.
    comment("Exported by sluice on \(Self.exportDate()) from \(setup.origin) of the feature '\(setup.featureName)':")
    comment("its \(actionCount) \(actionCount == 1 ? "action" : "actions"), replayed with TestStore.")
    // The feature's module is imported @testable: its types' memberwise initializers, which
    // the values are written with, are internal unless the module made them public.
    let modules = Set([setup.registryModule, "Foundation", "Sluice", "SluiceDebuggerTesting", "SluiceTesting", "Testing"])
    for module in modules.subtracting([setup.featureModule]).sorted() {
      line("import \(module)")
    }
    line("")
    line("@testable import \(setup.featureModule)")
    line("")
    line("@MainActor")
    line("@Suite struct \(TypeName.declarable(setup.suiteName)) {")
    indent += 1
    line("@Test func replaysTheSession() async throws {")
    indent += 1
  }

  /// The test's clock and store, and the notes on what the test cannot do as the session did.
  private mutating func writeStore(_ setup: TestDescription.Setup, cycles: TestDescription.Cycles?) {
    line("let clock = ManualClock()")
    var arguments = "feature: \(SwiftStringEscaping.quoted(setup.featureName)), in: \(setup.registryName)"
    if let initialState = setup.initialState {
      // On the arguments' own line, under the declaration, in the test's body.
      let column = 4 + arguments.count + ", initialState: ".count
      if let literal = SwiftLiteral.expression(for: initialState, startingAt: column, indent: 2),
        !literal.contains(Redaction.mask)
      {
        arguments += ", initialState: " + literal
      } else {
        note("the session started from a state a test cannot write: the test starts from the feature's own")
      }
    }
    if let cycles { arguments += ", cycleDetection: " + Self.swift(cycles.detection) }
    arguments += ", clock: clock"
    let declaration = "let store: TestStore<\(setup.stateType), \(setup.actionType)> = try TestStore("
    if 2 + declaration.count + arguments.count + 1 <= SwiftLiteral.lineWidth, !arguments.contains("\n") {
      line(declaration + arguments + ")")
    } else {
      line(declaration)
      line("  " + arguments + ")")
    }
    if setup.ranOnRealClock {
      note("recorded on the real clock: the test moves virtual time by the times measured then")
    }
    switch cycles?.pauseAnswer {
    case .endedPaused?:
      note("the session ended paused at the cycle detector's warning: the test drops the action there, as `break` does")
    case .wentOn?:
      note("the session went on past the cycle detector's pause: the test reduces the actions, as `warn` does")
    case nil:
      break
    }
    for reference in setup.references {
      let place = reference.path.isEmpty ? "the state" : reference.path
      note("\(place) is a class instance (\(reference.typeName)): the history shares it, so the changes asserted may not be the ones the store makes")
    }
  }

  /// One entry: its `send` or `receive`, with the reads it is fed and the assignments that
  /// assert its change.
  private mutating func write(_ entry: TestDescription.Entry) {
    if entry.isSkipped { noteSkipped(entry.index) }
    guard let actionLine = SwiftLiteral.oneLine(entry.action) else {
      note("#\(entry.index) \(entry.actionText) cannot be written in Swift: the test stops matching here")
      return
    }
    var assignments: [String] = []
    for change in entry.changes {
      let target = Self.swift(change.path)
      guard let value = SwiftLiteral.expression(for: change.value, startingAt: 4 + target.count + 3),
        !value.contains(Redaction.mask)
      else {
        let name = change.path.isRoot ? "the state" : change.path.description
        note("#\(entry.index): \(name) cannot be written in Swift (a secret, or a value not expanded): it is not asserted")
        continue
      }
      assignments.append("\(target) = \(value)")
    }
    var reads: [String]?
    switch entry.reads {
    case .readOnItsOwn:
      break
    case .readLive:
      note("#\(entry.index) read values a test does not read on its own, and `receive` cannot be fed them: the test reads them live")
    case .fed(let recorded):
      var written: [String] = []
      for read in recorded {
        guard let swift = SwiftLiteral.read(read) else {
          note("#\(entry.index) read \(read.name) as \(read.json), which a test cannot write: the test reads it live")
          continue
        }
        written.append(swift)
      }
      reads = written
    }
    let opening = "await store.\(entry.call == .send ? "send" : "receive")("
    let closure = assignments.isEmpty ? "" : " {"
    let reading = reads.map { ", reading: [" + $0.joined(separator: ", ") + "]" } ?? ""
    if 2 * indent + opening.count + actionLine.count + reading.count + 1 + closure.count <= SwiftLiteral.lineWidth {
      line(opening + actionLine + reading + ")" + closure)
    } else {
      // Too long for one line: the action on lines of its own, as a person would break it,
      // and the reads one a line.
      line(opening)
      if let reads {
        // With its reads, an action that fits on a line keeps it.
        let fits = 2 * indent + 2 + actionLine.count + 1 <= SwiftLiteral.lineWidth
        line("  " + (fits ? actionLine : SwiftLiteral.laidOut(entry.action, indent: 2) ?? actionLine) + ",")
        line("  reading: [")
        for read in reads { line("    " + read + ",") }
        line("  ]")
      } else {
        line("  " + (SwiftLiteral.laidOut(entry.action, indent: 2) ?? actionLine))
      }
      line(")" + closure)
    }
    if !assignments.isEmpty {
      indent += 1
      for assignment in assignments { line(assignment) }
      indent -= 1
      line("}")
    }
  }

  /// Says that entry `index` was skipped, which a test store cannot do.
  private mutating func noteSkipped(_ index: Int) {
    note("#\(index) was skipped with `toggle`; the store reduced it all the same")
  }

  /// Moves the test's clock to `moment`, when that is later.
  private mutating func advance(to moment: Duration) {
    guard moment > time else { return }
    line("await store.advance(by: \(SwiftLiteral.duration(moment - time)))")
    time = moment
  }

  // MARK: - Lines

  /// Writes `text` as a comment, and keeps it as a note.
  private mutating func note(_ text: String) {
    notes.append(comment(text))
  }

  /// `text` as a `//` comment line, rendered so that nothing in it ends the comment
  /// (``SwiftComment``); returns the text as the comment shows it.
  @discardableResult
  private mutating func comment(_ text: String) -> String {
    let shown = SwiftComment.text(text)
    line("// " + shown)
    return shown
  }

  /// Appends a line at the current indentation; lines of a value laid out over several keep
  /// their own indentation under it.
  private mutating func line(_ line: String) {
    guard !line.isEmpty else {
      text += "\n"
      return
    }
    let prefix = String(repeating: "  ", count: indent)
    text += line.split(separator: "\n", omittingEmptySubsequences: false).map { prefix + $0 }.joined(separator: "\n") + "\n"
  }

  // MARK: - Swift

  /// `$0.todos[0].title`: a path of the state as an l-value on `$0`.
  static func swift(_ path: StatePath) -> String {
    var text = "$0"
    for component in path.components {
      switch component {
      case .property(let name): text += "." + name
      case .index(let index): text += "[\(index)]"
      case .key(let key): text += "[\(SwiftStringEscaping.quoted(key))]"
      case .optionalChain: text += "?"
      // Never in an assignment the engine describes: its keys are strings, and it does not
      // assign through a search.
      case .literalKey(let literal): text += "[\(literal)]"
      case .element(let label, let value): text += "[\(label): \(value)]"
      }
    }
    return text
  }

  /// `CycleDetection(policy: .break)`: `settings` with its defaults left out.
  static func swift(_ settings: CycleDetection) -> String {
    var arguments: [String] = []
    let defaults = CycleDetection()
    if settings.frequency != defaults.frequency {
      if let frequency = settings.frequency {
        arguments.append(
          "frequency: .init(limit: \(frequency.limit), window: \(SwiftLiteral.duration(frequency.window)))")
      } else {
        arguments.append("frequency: nil")
      }
    }
    if settings.maximumDepth != defaults.maximumDepth {
      arguments.append("maximumDepth: \(settings.maximumDepth.map(String.init) ?? "nil")")
    }
    if settings.policy != defaults.policy {
      arguments.append("policy: .\(settings.policy.rawValue)")
    }
    return "CycleDetection(\(arguments.joined(separator: ", ")))"
  }

  /// The `#expect`s of the warnings: every warning when there are a few; past that, how
  /// many and which cycles.
  private static func assertions(of warnings: [TestDescription.Warning]) -> [String] {
    // Counted, never made one by one: a loaded file's counts are its own (up to 2⁵² each).
    let total = warnings.reduce(0) { sum, warning in
      let (added, overflow) = sum.addingReportingOverflow(warning.count)
      return overflow ? .max : added
    }
    if total <= 3 {
      let each = warnings.flatMap { Array(repeating: $0.cycle, count: $0.count) }
      return ["#expect(store.cycleWarnings.map(\\.cycleDescription) == \(stringArray(each)))"]
    }
    return [
      "#expect(store.cycleWarnings.count == \(total))",
      "#expect(Set(store.cycleWarnings.map(\\.cycleDescription)) == \(stringArray(warnings.map(\.cycle))))",
    ]
  }

  private static func stringArray(_ strings: [String]) -> String {
    "[" + strings.map(SwiftStringEscaping.quoted).joined(separator: ", ") + "]"
  }

  private static func exportDate() -> String {
    Date().formatted(.iso8601.year().month().day().dateSeparator(.dash))
  }
}
