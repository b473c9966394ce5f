import Foundation
import Sluice

extension Session {
  /// The session as a Swift Testing test that reproduces it with `TestStore`: each action
  /// the user sent, `send`; each action effects and middleware sent, `receive`d in order;
  /// each change asserted as the smallest assignments that make it; virtual time advanced
  /// where the session's moved; `finish()` at the end.
  ///
  /// - Parameters:
  ///   - registry: How the test reaches the registry, `Module.name`: the test builds its
  ///     store from the registered feature, as the session did.
  ///   - origin: Where the session came from, for the header comment.
  ///   - name: The name of the test's suite, a Swift type name (the file's, by convention).
  @usableFromInline func exportTest(registry: String, origin: String, name: String) throws(DebugError) -> ExportedTest {
    let parts = registry.split(separator: ".", maxSplits: 1).map(String.init)
    guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
      throw DebugError("the registry is named \(registry); a test reaches it as Module.name")
    }
    var writer = TestWriter()
    var notes: [String] = []
    // A note may hold text of a session file (a job's name, a value, a path): it is said as
    // the comment shows it, which no text can end.
    func note(_ text: String) {
      notes.append(writer.comment(text))
    }
    let entries = history.entries
    let stateType = TypeName.short(State.self)
    let actionType = TypeName.short(Action.self)
    let featureModule = String(String(reflecting: State.self).prefix { $0 != "." })

    let count = "\(entries.count) \(entries.count == 1 ? "action" : "actions")"
    // `origin` names the file, whose name is anyone's.
    writer.comment("Exported by sluice on \(Self.exportDate()) from \(origin) of the feature '\(featureName)':")
    writer.comment("its \(count), replayed with TestStore.")
    // The feature's module is imported @testable: its types' memberwise initializers, which
    // the values are written with, are internal unless the module made them public.
    for module in Set([parts[0], "Foundation", "Sluice", "SluiceDebuggerTesting", "SluiceTesting", "Testing"]).subtracting([featureModule]).sorted() {
      writer.line("import \(module)")
    }
    writer.line("")
    writer.line("@testable import \(featureModule)")
    writer.line("")
    writer.line("@MainActor")
    writer.line("@Suite struct \(TypeName.declarable(name)) {")
    writer.indent += 1
    writer.line("@Test func replaysTheSession() async throws {")
    writer.indent += 1
    writer.line("let clock = ManualClock()")
    var arguments = "feature: \(SwiftStringEscaping.quoted(featureName)), in: \(parts[1])"
    let base = history.state(after: history.firstIndex - 1)
    let baseTree = ValueTree(reflecting: base)
    if baseTree != ValueTree(reflecting: initialState) {
      // On the arguments' own line, under the declaration, in the test's body.
      let column = 4 + arguments.count + ", initialState: ".count
      if let literal = SwiftLiteral.expression(
        for: redaction.masking(baseTree, at: StatePath()), startingAt: column, indent: 2),
        !literal.contains(Redaction.mask)
      {
        arguments += ", initialState: " + literal
      } else {
        note("the session started from a state a test cannot write: the test starts from the feature's own")
      }
    }
    let cycles = exportedCycles
    if let cycles { arguments += ", cycleDetection: " + cycles.settings }
    arguments += ", clock: clock"
    let declaration = "let store: TestStore<\(stateType), \(actionType)> = try TestStore("
    if 2 + declaration.count + arguments.count + 1 <= SwiftLiteral.lineWidth, !arguments.contains("\n") {
      writer.line(declaration + arguments + ")")
    } else {
      writer.line(declaration)
      writer.line("  " + arguments + ")")
    }
    if manualClock == nil {
      note("recorded on the real clock: the test moves virtual time by the times measured then")
    }
    if let text = cycles?.note { note(text) }
    for reference in ReferenceScan.references(in: base) {
      let place = reference.path.isEmpty ? "the state" : reference.path
      note("\(place) is a class instance (\(reference.typeName)): the history shares it, so the changes asserted may not be the ones the store makes")
    }
    // The test's clock starts where the session's did.
    var time = Duration.zero
    func advance(to moment: Duration) {
      guard moment > time else { return }
      writer.line("await store.advance(by: \(Self.swiftDuration(moment - time)))")
      time = moment
    }
    // Jobs cancelled by hand, replayed where they were: no entry records them, their spans do.
    var cancellations = cancelledByHand(after: history.firstIndex - 1)[...]
    func cancelJobs(before index: Int) {
      var written: [(entry: Int, name: String)] = []
      while let next = cancellations.first, next.cancel.afterIndex < index {
        cancellations.removeFirst()
        // `cancel NAME` cancels every job of that name, as one call does.
        if written.contains(where: { $0 == (next.cancel.afterIndex, next.name) }) { continue }
        written.append((next.cancel.afterIndex, next.name))
        writer.line("")
        advance(to: next.time)
        if next.cancel.hadNamesakes {
          note("`cancel` chose one of several jobs named '\(next.name)'; the test cancels them all")
        }
        writer.line("await store.cancelJobs(named: \(SwiftStringEscaping.quoted(next.name)))")
      }
    }
    // Each state reflected once: the state after one entry is the state before the next.
    var before = (state: base, tree: baseTree)
    var ownReads = ExportedReads()
    var states = history.stateCursor
    for entry in entries {
      cancelJobs(before: entry.index)
      let afterState = states.state(after: entry.index)
      let after = (state: afterState, tree: ValueTree(reflecting: afterState))
      defer { before = after }
      writer.line("")
      advance(to: entry.time)
      if entry.isSkipped {
        note("#\(entry.index) was skipped with `toggle`; the store reduced it all the same")
      }
      guard case .action(let action) = entry.action else {
        // The test's store never had the edit: what follows is asserted as the changes each
        // action made, so it matches as long as nothing reads what was edited.
        note("#\(entry.index) edits the state by hand (`set var`), which a test store cannot: the test goes on without the edit, and fails where an action reads what it changed")
        continue
      }
      // By who sent it, as the history says: a loaded session replayed every entry itself.
      let call: String
      switch entry.origin {
      case .user, .script, .external: call = "send"
      case .effect, .job: call = "receive"
      }
      let actionTree = ValueTree(reflecting: action)
      guard let actionLine = SwiftLiteral.oneLine(actionTree) else {
        note("#\(entry.index) \(describer.describe(action)) cannot be written in Swift: the test stops matching here")
        continue
      }
      let assignments = Self.assignments(from: before, to: after, masking: redaction)
      for problem in assignments.problems { note("#\(entry.index): \(problem)") }
      let reads = readsToFeed(entry.reads, at: entry.time, index: entry.index, sent: call == "send", own: &ownReads, note: note)
      let opening = "await store.\(call)("
      let closure = assignments.lines.isEmpty ? "" : " {"
      let reading = reads.map { ", reading: [" + $0.joined(separator: ", ") + "]" } ?? ""
      if 2 * writer.indent + opening.count + actionLine.count + reading.count + 1 + closure.count <= SwiftLiteral.lineWidth {
        writer.line(opening + actionLine + reading + ")" + closure)
      } else {
        // Too long for one line: the action on lines of its own, as a person would break it,
        // and the reads one a line.
        writer.line(opening)
        if let reads {
          // With its reads, an action that fits on a line keeps it.
          let fits = 2 * writer.indent + 2 + actionLine.count + 1 <= SwiftLiteral.lineWidth
          writer.line("  " + (fits ? actionLine : SwiftLiteral.laidOut(actionTree, indent: 2) ?? actionLine) + ",")
          writer.line("  reading: [")
          for read in reads { writer.line("    " + read + ",") }
          writer.line("  ]")
        } else {
          writer.line("  " + (SwiftLiteral.laidOut(actionTree, indent: 2) ?? actionLine))
        }
        writer.line(")" + closure)
      }
      if !assignments.lines.isEmpty {
        writer.indent += 1
        for line in assignments.lines { writer.line(line) }
        writer.indent -= 1
        writer.line("}")
      }
    }
    // What happened after the last entry happens in the test too: the clock gets where the
    // session's got (on the real clock, where the detector last fired).
    cancelJobs(before: .max)
    let end = max(manualClock == nil ? .zero : elapsedTime, cycles?.lastSeen ?? .zero)
    if end > time {
      writer.line("")
      advance(to: end)
    }
    // From the spans, not the store: a loaded session's jobs in flight are the file's spans
    // still running (a flight recording nearly always has one); its store has none.
    let running = jobSpans.filter { $0.outcome == .running && $0.kind != .subscription }
    writer.line("")
    if !running.isEmpty {
      note(
        "the session ended with \(running.map { "'\($0.name)'" }.joined(separator: ", ")) still running: the test lets it go")
      writer.line("await store.skipInFlightEffects()")
    }
    writer.line("await store.finish()")
    if let cycles {
      // After `finish()`, which waits for the jobs: the action that tripped the detector may
      // be sent after the last one received.
      writer.line("")
      writer.comment("The cycle detector fired, as in the session (`info cycles`).")
      for assertion in cycles.assertions { writer.line(assertion) }
    }
    writer.indent -= 1
    writer.line("}")
    writer.indent -= 1
    writer.line("}")
    return ExportedTest(source: writer.text, actionCount: entries.count, notes: notes)
  }

  /// The reads an entry sent at `time` is fed, written as Swift, when a test store would
  /// not read them itself; `nil` when it would, or cannot be fed them (an action received,
  /// a value the test cannot write), which `note` says at that point of the test.
  private func readsToFeed(
    _ reads: [RecordedRead], at time: Duration, index: Int, sent: Bool, own: inout ExportedReads,
    note: (String) -> Void
  ) -> [String]? {
    guard !reads.isEmpty, !own.reproduces(reads, at: time) else { return nil }
    guard sent else {
      note("#\(index) read values a test does not read on its own, and `receive` cannot be fed them: the test reads them live")
      return nil
    }
    let written = reads.map { ExportedReads.swift($0, duration: Self.swiftDuration) }
    for (read, swift) in zip(reads, written) where swift == nil {
      note("#\(index) read \(read.name) as \(read.json), which a test cannot write: the test reads it live")
    }
    return written.compactMap { $0 }
  }

  /// The jobs cancelled by hand after entry `firstIndex` or later and kept in the history,
  /// in the order cancelled: each with its name, when and after which entry.
  private func cancelledByHand(after firstIndex: Int) -> [(name: String, time: Duration, cancel: JobSpan.CancelledByHand)] {
    let lastIndex = history.lastIndex
    let cancelled = jobSpans.compactMap { span -> (name: String, time: Duration, cancel: JobSpan.CancelledByHand)? in
      guard let cancel = span.cancelledByHand, let time = span.ended, (firstIndex...lastIndex).contains(cancel.afterIndex)
      else { return nil }
      return (span.name, time, cancel)
    }
    // Spans are in launch order; cancels went in time, and one `cancel` in launch order.
    return cancelled.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
  }

  /// `.milliseconds(300)`, `.seconds(2)`: the largest unit that states `duration` exactly.
  static func swiftDuration(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    if attoseconds == 0 { return ".seconds(\(seconds))" }
    let nanoseconds = seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    if nanoseconds % 1_000_000 == 0 { return ".milliseconds(\(nanoseconds / 1_000_000))" }
    if nanoseconds % 1_000 == 0 { return ".microseconds(\(nanoseconds / 1_000))" }
    return ".nanoseconds(\(nanoseconds))"
  }

  private static func exportDate() -> String {
    Date().formatted(.iso8601.year().month().day().dateSeparator(.dash))
  }
}

/// The lines of a test, indented two spaces a level.
private struct TestWriter {
  var indent = 0
  private(set) var text = ""

  /// `text` as a `//` comment line, rendered so that nothing in it ends the comment
  /// (``SwiftComment``); returns the text as the comment shows it.
  @discardableResult
  mutating func comment(_ text: String) -> String {
    let shown = SwiftComment.text(text)
    line("// " + shown)
    return shown
  }

  mutating func line(_ text: String) {
    guard !text.isEmpty else {
      self.text += "\n"
      return
    }
    // Lines of a value laid out over several keep their own indentation under this one.
    let prefix = String(repeating: "  ", count: indent)
    self.text += text.split(separator: "\n", omittingEmptySubsequences: false).map { prefix + $0 }.joined(separator: "\n") + "\n"
  }
}
