import Foundation
import JSONCheck
import SluiceDebugger
import SluiceReporting
import Testing

/// `sluice run --json -` driven as a client would, badly: a request that cannot be read is
/// answered with an `error` event naming what is wrong, and the session goes on.
@MainActor
@Suite("JSON protocol requests")
struct ProtocolRequestTests {
  /// The events of `lines` run as `<stdin>` against the counter, each parsed.
  private func answers(to lines: [String], feature: String = "counter") async throws -> (
    runner: ScriptRunner, events: [JSONTree], text: [String]
  ) {
    let harness = ScriptRunnerHarness(format: .json, virtualClock: true)
    var remaining = ["use \(feature)"] + lines
    await RequestLoop(runner: harness.runner).run(
      lines: { remaining.isEmpty ? nil : remaining.removeFirst() }, name: "<stdin>")
    let text = harness.output.lines.map(\.text)
    return (harness.runner, try text.map { try JSONTree(parsing: $0) }, text)
  }

  static let malformed: [(line: String, id: JSONTree?, names: String)] = [
    (#"{"command": "print count"}"#, nil, "no `id`"),
    (#"{"id": null, "command": "print count"}"#, nil, "null"),
    (#"{"id": 1.5, "command": "print count"}"#, nil, "1.5"),
    (#"{"id": [1], "command": "print count"}"#, nil, "[1]"),
    (#"{"id": {}, "command": "print count"}"#, nil, "{}"),
    (#"{"id": true, "command": "print count"}"#, nil, "true"),
    (#"{"id": 99999999999999999999, "command": "print count"}"#, nil, "99999999999999999999"),
    (#"{"id": 4, "command": 5}"#, .integer(4), "`command`"),
    (#"{"id": "five", "command": "print count""#, .string("five"), "JSON"),
  ]

  @Test(arguments: 0..<9)
  func aMalformedRequestGetsAnErrorEventAndTheSessionGoesOn(_ index: Int) async throws {
    #expect(Self.malformed.count == 9)
    let bad = Self.malformed[index]
    let (runner, events, text) = try await answers(to: [bad.line, #"{"id": 9, "command": "print count"}"#])
    #expect(!runner.isStopped, "\(text)")
    let error = try #require(events.first { $0["event"]?.text == "error" }, "\(text)")
    #expect(error["id"] == bad.id, "\(text)")
    #expect(error["message"]?.text?.contains(bad.names) == true, "\(error)")
    #expect(error["line"] == .integer(2))
    let answered = events.filter { $0["id"] == .integer(9) }.map { $0["event"]?.text }
    #expect(answered == ["command", "value", "completed"], "\(text)")
    #expect(runner.finish() == .success)
  }

  /// A failed `expect` fails its request, and `cause` tells it from a command error: a
  /// reader finds `"cause":"failure"` with the `expectation` event that did not hold, or
  /// `"cause":"error"` with the `error` event; a request that did what it was asked has no
  /// cause (issue 49: a failed expectation completed with `"failed": false`).
  @Test func aFailedExpectationFailsItsRequestAndSaysSo() async throws {
    let (runner, events, text) = try await answers(to: [
      #"{"id": 1, "command": "expect count == 5"}"#, #"{"id": 2, "command": "expect count == 0"}"#,
      #"{"id": 3, "command": "print nope"}"#,
    ])
    func completed(_ id: Int) -> JSONTree? {
      events.first { $0["id"] == .integer(id) && $0["event"]?.text == "completed" }
    }
    #expect(completed(1)?["failed"] == .boolean(true), "\(text)")
    #expect(completed(1)?["cause"]?.text == "failure", "\(text)")
    #expect(completed(2)?["failed"] == .boolean(false), "\(text)")
    #expect(completed(2)?["cause"] == nil, "\(text)")
    #expect(completed(3)?["failed"] == .boolean(true), "\(text)")
    #expect(completed(3)?["cause"]?.text == "error", "\(text)")
    #expect(!runner.isStopped)
    #expect(runner.finish() == .expectationFailed)
  }

  @Test func aWindowOfAFilterSaysWhereItLiesAndValidates() async throws {
    let (_, events, text) = try await answers(to: [
      ".increment", ".setStep(2)", ".increment", ".increment",
      #"{"id": 1, "command": "log case increment from 2 1"}"#, #"{"id": 2, "command": "jobs --all from 3"}"#,
    ])
    let log = try #require(events.first { $0["id"] == .integer(1) && $0["event"]?.text == "logEntries" }, "\(text)")
    #expect(log["window"]?["offset"] == .integer(1))
    #expect(log["window"]?["total"] == .integer(3))
    guard case .array(let entries)? = log["entries"] else {
      Issue.record("logEntries without entries: \(log)")
      return
    }
    #expect(entries.map { $0["index"] } == [.integer(3)])
    let spans = try #require(events.first { $0["id"] == .integer(2) && $0["event"]?.text == "jobSpans" }, "\(text)")
    #expect(spans["window"]?["total"] == .integer(0))
    let schema = try JSONSchemaCheck(contentsOf: EventSchemaTests.schemaFile)
    #expect(schema.problems(of: log).isEmpty && schema.problems(of: spans).isEmpty, "\(schema.problems(of: log))")
  }

  /// `skip R [N]` asks for rows of the listing by their place in it: the answer's window
  /// starts at row R, whatever history entries those rows are.
  @Test func aWindowAskedForByRowStartsAtThatRow() async throws {
    let (_, events, text) = try await answers(to: [
      ".increment", ".setStep(2)", ".increment", ".increment",
      #"{"id": 1, "command": "log case increment skip 1 1"}"#, #"{"id": 2, "command": "log case increment skip 9"}"#,
      #"{"id": 3, "command": "log case increment skip -1"}"#,
    ])
    func listing(_ id: Int) -> JSONTree? {
      events.first { $0["id"] == .integer(id) && $0["event"]?.text == "logEntries" }
    }
    let second = try #require(listing(1), "\(text)")
    #expect(second["window"]?["offset"] == .integer(1))
    #expect(second["window"]?["total"] == .integer(3))
    guard case .array(let entries)? = second["entries"] else {
      Issue.record("logEntries without entries: \(second)")
      return
    }
    #expect(entries.map { $0["index"] } == [.integer(3)])
    // Past the end: no rows, and the window says where the listing ends.
    let past = try #require(listing(2), "\(text)")
    #expect(past["window"]?["offset"] == .integer(3))
    #expect(past["entries"] == .array([]))
    let refused = try #require(events.first { $0["id"] == .integer(3) && $0["event"]?.text == "error" }, "\(text)")
    #expect(refused["message"]?.text?.contains("skip") == true)
  }

  @Test func idsAreEchoedAsTheClientWroteThem() async throws {
    let (_, _, text) = try await answers(to: [
      #"{"id": 1e3, "command": "print count"}"#, #"{"id": "\u0071", "command": ".increment"}"#,
    ])
    let first = text.filter { $0.contains(#""id":1e3"#) }
    #expect(first.count == 3, "\(text)")
    #expect(text.filter { $0.contains(#""id":"\u0071""#) }.count == 3, "\(text)")
    #expect(!text.contains { $0.contains("1000") })
  }

  @Test func eventsOfAJobThatEndedBetweenRequestsCarryNoIdAndComeBeforeTheNextCommand() async throws {
    let harness = ScriptRunnerHarness(format: .json, virtualClock: true)
    var remaining = [
      "use checkout", #".addItem((id: "tea", name: "Tea", priceInCents: 450, quantity: 2))"#, "wait",
      #"{"id": 1, "command": ".checkout"}"#, #"{"id": 2, "command": "print status"}"#,
    ]
    let interpreter = harness.runner.interpreter
    await RequestLoop(runner: harness.runner).run(
      lines: {
        // Before the second request, validation's job ends and sends `.validated`.
        if remaining.first?.contains(#""id": 2"#) == true {
          _ = try? await interpreter.session().running.wait(timeout: hangGuard)
        }
        return remaining.isEmpty ? nil : remaining.removeFirst()
      }, name: "<stdin>")
    let events = try harness.output.lines.map { try JSONTree(parsing: $0.text) }
    let validated = try #require(events.firstIndex { $0["action"]?.text == ".validated" }, "\(harness.output.text)")
    let secondCommand = try #require(events.firstIndex { $0["event"]?.text == "command" && $0["id"] == .integer(2) })
    #expect(events[validated]["id"] == nil, "\(harness.output.text)")
    #expect(validated < secondCommand)
    #expect(!events.contains { $0["id"] == .integer(2) && $0["event"]?.text == "reduced" })
  }

  @Test func aChangedEnumKeyIsSpelledAsPrintReadsIt() async throws {
    let harness = ScriptRunnerHarness(format: .json, virtualClock: true)
    _ = await harness.run("use todos\n.load")
    let events = try harness.output.lines.map { try JSONTree(parsing: $0.text) }
    let reduced = try #require(events.first { $0["action"]?.text == ".load" })
    guard case .array(let changes)? = reduced["changes"], case .array(let changed)? = reduced["changed"] else {
      Issue.record("no changes in \(reduced)")
      return
    }
    let paths = changes.compactMap { $0["path"]?.text }
    #expect(paths.contains(#"operations.inFlight["load"]"#), "\(paths)")
    #expect(Set(paths).isSubset(of: Set(changed.compactMap(\.text))), "\(paths) \(changed)")
    for path in paths {
      let outcome = await harness.runner.interpreter.execute(line: "print \(path)")
      if case .failure(let error)? = outcome?.result { Issue.record("print \(path): \(error.message)") }
    }
  }

  /// Malformed requests between good ones, from a seeded generator: every good one is
  /// answered in full, every bad one gets one `error`, and the session never stops.
  @Test(arguments: [1, 2, 3, 42, 2026] as [UInt64])
  func malformedRequestsBetweenGoodOnesNeverCostAGoodAnswer(seed: UInt64) async throws {
    var random = SplitMix64(seed: seed)
    var lines: [String] = []
    var good: [JSONTree] = []
    for round in 0..<40 {
      if random.next(below: 2) == 0 {
        let id: JSONTree = random.next(below: 2) == 0 ? .integer(1_000_000 + round) : .string("g\(round)")
        let spelled = if case .integer(let number) = id { String(number) } else { "\"g\(round)\"" }
        lines.append(#"{"id": \#(spelled), "command": "print count"}"#)
        good.append(id)
      } else {
        lines.append(Self.mutated(&random))
      }
    }
    let (runner, events, text) = try await answers(to: lines)
    #expect(!runner.isStopped, "\(text.suffix(3))")
    for id in good {
      let answered = events.filter { $0["id"] == id }.map { $0["event"]?.text ?? "" }
      #expect(answered == ["command", "value", "completed"], "\(id): \(text)")
    }
    #expect(events.filter { $0["event"]?.text == "completed" }.count == lines.count, "\(text)")
  }

  @Test func aRequestHoldsACommandsListWholeAndItRunsAtTheStop() async throws {
    let (runner, events, text) = try await answers(to: [
      #"{"id": 1, "command": "break .increment"}"#,
      #"{"id": 2, "command": "commands 1\nprint count\nend"}"#,
      #"{"id": 3, "command": ".increment"}"#,
    ])
    #expect(!runner.isStopped, "\(text)")
    #expect(!events.contains { $0["event"]?.text == "error" }, "\(text)")
    let printed = events.filter { $0["id"] == .integer(3) && $0["event"]?.text == "value" }
    #expect(printed.map { $0["path"]?.text } == ["count"], "\(text)")
  }

  @Test func aCommandsLineAloneInARequestIsRefusedSayingWhereItsLinesGo() async throws {
    let (runner, events, text) = try await answers(to: [
      #"{"id": 1, "command": "break .increment"}"#, #"{"id": 2, "command": "commands 1"}"#,
    ])
    #expect(!runner.isStopped, "\(text)")
    let error = try #require(events.first { $0["event"]?.text == "error" }, "\(text)")
    #expect(error["message"]?.text?.contains("its lines and `end` follow `commands`") == true, "\(error)")
    #expect(events.last?["failed"] == .boolean(true))
  }

  /// A request for `print count` broken in one of the ways a client breaks one.
  private static func mutated(_ random: inout SplitMix64) -> String {
    let request = #"{"id": "bad", "command": "print count"}"#
    let badValues = ["null", "1.5", "[1]", "{}", "true", "false", "-1e400", "18446744073709551616", "\"\"x", "{\"a\":"]
    switch random.next(below: 5) {
    case 0:
      return #"{"id": \#(badValues[random.next(below: badValues.count)]), "command": "print count"}"#
    case 1:
      return #"{"id": "bad", "command": \#(badValues[random.next(below: badValues.count)])}"#
    case 2:
      // Cut short anywhere after the id's key.
      return String(request.prefix(7 + random.next(below: request.count - 7)))
    case 3:
      var characters = Array(request)
      characters.remove(at: 7 + random.next(below: characters.count - 7))
      return String(characters)
    default:
      var characters = Array(request)
      let junk: [Character] = ["{", "}", "[", "\"", ",", ":", "\\", "x", " "]
      characters.insert(junk[random.next(below: junk.count)], at: 7 + random.next(below: characters.count - 7))
      return String(characters)
    }
  }

  /// A command given word by word runs as its words would typed: numbers and strings alike.
  @Test func aCommandGivenWordByWordRunsAsItsWords() async throws {
    let (_, events, text) = try await answers(to: [
      ".increment", ".setStep(2)", ".increment", ".increment",
      #"{"id": 1, "command": "log", "arguments": ["case", "increment", "skip", 1, "1"]}"#,
      RequestLine.command("print", arguments: ["count"], id: .integer(2)),
    ])
    let log = try #require(events.first { $0["id"] == .integer(1) && $0["event"]?.text == "logEntries" }, "\(text)")
    #expect(log["window"]?["offset"] == .integer(1), "\(text)")
    #expect(log["window"]?["total"] == .integer(3), "\(text)")
    let command = events.first { $0["id"] == .integer(1) && $0["event"]?.text == "command" }
    #expect(command?["text"]?.text == "log case increment skip 1 1", "\(text)")
    let value = events.first { $0["id"] == .integer(2) && $0["event"]?.text == "value" }
    #expect(value?["value"]?.text == "5", "\(text)")
  }

  /// A value the client took from its user stays one word: one that would become two, start
  /// a comment or stand for the command is refused, naming the argument, and the session
  /// goes on; so is an `arguments` that is no array of strings and numbers.
  @Test(arguments: [
    (#"{"id": 1, "command": "log", "arguments": ["case", "search from 1"]}"#, "argument 2, \"search from 1\""),
    (#"{"id": 1, "command": "log", "arguments": ["case", "x\ny"]}"#, "argument 2"),
    (##"{"id": 1, "command": "log", "arguments": ["#case"]}"##, "argument 1"),
    (#"{"id": 1, "command": "log", "arguments": [""]}"#, "argument 1"),
    (#"{"id": 1, "command": "log case", "arguments": ["x"]}"#, "`command` is \"log case\""),
    (#"{"id": 1, "command": ".increment", "arguments": []}"#, "`send`"),
    (#"{"id": 1, "command": "log", "arguments": [true]}"#, "not an array of strings and whole numbers"),
    (#"{"id": 1, "command": "log", "arguments": [1.5]}"#, "not an array of strings and whole numbers"),
    (#"{"id": 1, "command": "log", "arguments": "case x"}"#, "not an array of strings and whole numbers"),
    (#"{"id": 1, "complete": "lo", "arguments": ["x"]}"#, "`arguments` for `complete`"),
  ])
  func argumentsThatAreNotOneWordEachAreRefused(line: String, names: String) async throws {
    let (runner, events, text) = try await answers(to: [line, #"{"id": 9, "command": "print count"}"#])
    let error = try #require(events.first { $0["event"]?.text == "error" }, "\(text)")
    #expect(error["id"] == .integer(1), "\(text)")
    #expect(error["message"]?.text?.contains(names) == true, "\(error)")
    #expect(!events.contains { $0["id"] == .integer(1) && $0["event"]?.text == "logEntries" }, "\(text)")
    let answered = events.filter { $0["id"] == .integer(9) }.map { $0["event"]?.text }
    #expect(answered == ["command", "value", "completed"], "\(text)")
    #expect(!runner.isStopped)
  }
}
