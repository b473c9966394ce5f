import Foundation
import JSONCheck
@testable import SluiceDebugger
import SluiceReporting
import Testing

/// Every command's answer reaches a JSON client as a value it can use: each command in the
/// table answers with its own typed event, and only confirmations, which have no structure,
/// come as `output`.
@MainActor
@Suite struct TypedAnswerTests {
  /// The events each command answers with, one at a time. `""`: the command may answer with
  /// session events alone (an action reduced, a job cancelled, the state replaced, a stop).
  static let answers: [String: Set<String>] = [
    "help": ["help"], "send": ["", "output"], "state": ["value"], "print": ["value"], "diff": ["diff"],
    "log": ["logEntries", "output"], "show": ["entry"], "find": ["matches"], "break": ["breakpointAdded"],
    "tbreak": ["breakpointAdded"], "watch": ["breakpointAdded"], "delete": ["output"], "enable": ["output"],
    "disable": ["output"], "ignore": ["output"],
    "info": ["breakpoints", "jobs", "features", "cycles", "settings", "displays"], "step": ["stepped"],
    "next": ["stepped"], "continue": ["waited"], "pause": [""], "jobs": ["jobs"], "cancel": [""],
    "backtrace": ["backtrace"], "frame": ["frame"], "up": ["frame"], "down": ["frame"], "display": ["displays"],
    "undisplay": ["output"], "jump": [""], "reverse-step": [""], "reverse-next": [""], "toggle": ["toggled"],
    "reset": [""], "commit": ["output"], "save": ["saved", "output"], "export": ["output"], "condition": ["output"], "commands": ["output"], "load": ["loaded"], "source": [""],
    "set": ["output", ""], "features": ["features"], "use": ["switched"], "quit": [""], "expect": ["expectation"],
    "wait": ["waited"], "advance": ["advanced"], "ui": ["output"], "why": ["why"], "history": ["pathHistory"],
    "bisect": ["bisect"], "trace": ["trace"], "shrink": ["shrink"], "replace": [""], "insert": [""], "original": ["", "output"],
  ]

  /// Events that report what the session did rather than answer the command.
  static let sessionEvents: Set<String> = [
    "reduced", "stopped", "cycle", "cycleRepeated", "dropped", "jobFailed", "stateReplaced", "jobCancelled",
    "referenceInState", "replayDiverged", "eventsDropped", "forked", "timeAdvanced", "traced",
  ]

  @Test func everyCommandInTheTableHasItsTypedAnswer() {
    #expect(Set(Self.answers.keys) == Set(CommandTable.standard.words.map(\.name)))
  }

  @Test func aScriptUsingEveryCommandGetsEachCommandsTypedAnswer() async throws {
    let folder = try TemporaryFolder()
    let session = folder.url.appendingPathComponent("all.session").path
    let empty = try folder.write("empty.sluice", "")
    let breakpoints = folder.url.appendingPathComponent("breakpoints.sluice").path
    let exported = folder.url.appendingPathComponent("SearchTests.swift").path
    let script = """
      use search
      help
      help break
      .queryChanged("a")
      send .queryChanged("ab")
      info jobs
      jobs
      cancel 2
      advance 300ms
      wait
      state
      print query
      diff 1 2
      log
      show 1
      find ab
      why query
      history query
      bisect query == "ab"
      trace queryChanged print query $action
      break queryChanged
      tbreak queryChanged
      watch query
      info breakpoints
      ignore 1 1
      disable 1
      enable 1
      delete 1 2
      info features
      features
      info cycles
      info settings
      set diff summary
      delete
      set var query = "ab"
      break searchResponse
      .queryChanged("abcd")
      advance 300ms
      advance 200ms
      frame 1
      up
      down
      display query
      info display
      undisplay 1
      reverse-step
      reverse-next
      delete
      watch query
      .queryChanged("abc")
      bt
      step
      next
      continue
      pause
      toggle 1
      replace 1 .queryChanged("abc")
      diff original
      original restore
      replace 1 .queryChanged("ab")
      original forget
      jump 1
      commit
      save \(session)
      load \(session)
      reset
      expect query == ""
      .queryChanged("ab")
      shrink query == "ab"
      insert 1 .queryChanged("a")
      original restore
      break search
      condition $bpnum query == "x"
      commands
      print query
      end
      save breakpoints \(breakpoints)
      export test \(exported)
      log hide search*
      log origin script
      source \(empty)
      ui
      quit
      """
    let harness = ScriptRunnerHarness(format: .json)
    // A host that serves the page (`sluice serve`) answers `ui` with the page's address.
    harness.runner.host.pageOpener = PageOpener { _ in .success("http://127.0.0.1:8080/?token=0") }
    _ = await harness.run(script)
    let schema = try JSONSchemaCheck(contentsOf: EventSchemaTests.schemaFile)
    // Each command's events: those after its echo and before the next one.
    var answered: [(word: String, events: [String])] = []
    for line in harness.output.lines.map(\.text) {
      let value = try JSONTree(parsing: line)
      #expect(schema.problems(of: value) == [], "\(line)")
      guard let event = value["event"]?.text else { continue }
      if event == "command", let text = value["text"]?.text {
        let first = String(text.prefix { $0 != " " })
        let word = CommandTable.standard.words.first { $0.name == first || $0.aliases.contains(first) }
        answered.append((word?.name ?? (first.hasPrefix(".") ? "send" : first), []))
      } else if !answered.isEmpty {
        answered[answered.count - 1].events.append(event)
      }
    }
    #expect(Set(answered.map(\.word)) == Set(Self.answers.keys), "the script uses every command")
    for (word, events) in answered {
      let answers = Set(events).subtracting(Self.sessionEvents).subtracting(["finished"])
      #expect(!answers.contains("error"), "\(word): \(events)")
      // One answer, of the command's kind (`info` has one kind per topic), or none.
      let expected = Self.answers[word] ?? []
      #expect(answers.isEmpty ? expected.contains("") : answers.count == 1 && answers.isSubset(of: expected), "\(word) answered with \(events)")
    }
  }
}
