import SluiceDebugger
import Testing

/// Parses one line, failing the test on an error.
private func parse(_ line: String) throws -> Command? {
  try CommandParser().parse(line)
}

/// The error a line gives.
private func parseError(_ line: String) -> CommandParseError? {
  do {
    _ = try CommandParser().parse(line)
    return nil
  } catch {
    return error
  }
}

@Suite("Command parser: every form")
struct CommandParserFormTests {
  @Test func blankLinesAndCommentsAreNoCommand() throws {
    #expect(try parse("") == nil)
    #expect(try parse("   \t ") == nil)
    #expect(try parse("# a comment") == nil)
    #expect(try parse("   # indented comment") == nil)
  }

  @Test func trailingCommentsAreIgnoredOutsideStrings() throws {
    #expect(try parse("state count   # the count") == .state(path: "count"))
    #expect(try parse(#".add(title: "a # b")"#) == .send(action: #".add(title: "a # b")"#))
    #expect(try parse(#"expect title == "x #1" # note"#) == .expect(.condition(try StateCondition(parsing: #"title == "x #1""#))))
  }

  @Test func actions() throws {
    #expect(try parse(".increment") == .send(action: ".increment"))
    #expect(try parse(#"  .add(title: "Milk")  "#) == .send(action: #".add(title: "Milk")"#))
    #expect(try parse(#"{"add": {"title": "Milk"}}"#) == .send(action: #"{"add": {"title": "Milk"}}"#))
    #expect(try parse("send .setStep(3)") == .send(action: ".setStep(3)"))
    #expect(try parse("send increment") == .send(action: "increment"))
  }

  @Test func inspection() throws {
    #expect(try parse("state") == .state(path: nil))
    #expect(try parse("state todos[0].title") == .state(path: "todos[0].title"))
    #expect(try parse("print count") == .state(path: "count"))
    #expect(try parse("p count") == .state(path: "count"))
    #expect(try parse("diff") == .diff(.lastAction))
    #expect(try parse("diff 2") == .diff(.between(from: 2, to: nil)))
    #expect(try parse("diff 2 5") == .diff(.between(from: 2, to: 5)))
    #expect(try parse("log") == .log(.last(nil)))
    #expect(try parse("log 5") == .log(.last(5)))
    #expect(try parse("log case todo.*") == .log(.filtered(.matchingCase("todo.*"), .all)))
    #expect(try parse("log changed todos[0].isDone") == .log(.filtered(.changing(path: "todos[0].isDone"), .all)))
    #expect(try parse("show 3") == .show(index: 3))
    #expect(try parse("help") == .help(topic: nil))
    #expect(try parse("help bt") == .help(topic: "backtrace"))
    #expect(try parse("help cont") == .help(topic: "continue"))
  }

  @Test func breakpoints() throws {
    #expect(try parse("break checkout") == .addBreakpoint(.action(pattern: "checkout", condition: nil), isOneShot: false))
    #expect(try parse("b .todo.*") == .addBreakpoint(.action(pattern: ".todo.*", condition: nil), isOneShot: false))
    #expect(
      try parse("break add if todos contains \"Milk\"")
        == .addBreakpoint(
          .action(pattern: "add", condition: try StateCondition(parsing: "todos contains \"Milk\"")), isOneShot: false))
    #expect(try parse("tbreak reset") == .addBreakpoint(.action(pattern: "reset", condition: nil), isOneShot: true))
    #expect(try parse("break job load todos") == .addBreakpoint(.job(pattern: "load todos"), isOneShot: false))
    #expect(try parse("tbreak job pay*") == .addBreakpoint(.job(pattern: "pay*"), isOneShot: true))
    #expect(try parse("break cycle") == .addBreakpoint(.cycle, isOneShot: false))
    #expect(try parse("watch todos[0].isDone") == .addBreakpoint(.watch(path: try StatePath(parsing: "todos[0].isDone")), isOneShot: false))
    #expect(try parse("delete") == .delete(ids: []))
    #expect(try parse("delete 1 3") == .delete(ids: [1, 3]))
    #expect(try parse("enable 2") == .setEnabled(id: 2, enabled: true))
    #expect(try parse("disable 2") == .setEnabled(id: 2, enabled: false))
    #expect(try parse("ignore 2 5") == .ignore(id: 2, count: 5))
  }

  @Test func infoTopicsAndShorthands() throws {
    for topic in Command.InfoTopic.allCases {
      #expect(try parse("info \(topic.rawValue)") == .info(topic))
    }
    #expect(try parse("info b") == .info(.breakpoints))
    #expect(try parse("info set") == .info(.settings))
    #expect(try parse("jobs") == .info(.jobs))
    #expect(try parse("features") == .info(.features))
  }

  @Test func runningAndTimeTravel() throws {
    #expect(try parse("step") == .step)
    #expect(try parse("next") == .next)
    #expect(try parse("continue") == .continue)
    #expect(try parse("pause") == .pause)
    #expect(try parse("backtrace") == .backtrace(limit: nil))
    #expect(try parse("jump 4") == .jump(index: 4))
    #expect(try parse("jump 0") == .jump(index: 0))
    #expect(try parse("toggle 2") == .toggle(index: 2))
    #expect(try parse("reset") == .reset)
    #expect(try parse("commit") == .commit)
    #expect(try parse("wait") == .wait(timeout: nil))
    #expect(try parse("wait 2s") == .wait(timeout: .seconds(2)))
    #expect(try parse("advance 300ms") == .advance(.milliseconds(300)))
    #expect(try parse("advance 1.5s") == .advance(.milliseconds(1500)))
    #expect(try parse("advance 2m") == .advance(.seconds(120)))
    #expect(try parse("advance 100us") == .advance(.microseconds(100)))
  }

  @Test func filesSettingsAndFeatures() throws {
    #expect(try parse("save /tmp/a.json") == .save(path: "/tmp/a.json"))
    #expect(try parse("load session.json") == .load(path: "session.json"))
    #expect(try parse(#"load "my session.json""#) == .load(path: "my session.json"))
    #expect(try parse("load as journal /tmp/a b.sluice-session") == .load(path: "/tmp/a b.sluice-session", feature: "journal"))
    #expect(try parse("source setup.sluice") == .source(path: "setup.sluice"))
    #expect(try parse("set diff full") == .set(.diff(.full)))
    #expect(try parse("set diff summary") == .set(.diff(.summary)))
    #expect(try parse("set diff off") == .set(.diff(.off)))
    #expect(try parse("set diff sum") == .set(.diff(.summary)))
    #expect(try parse("use todos") == .use(feature: "todos"))
    #expect(try parse("quit") == .quit)
    #expect(try parse("exit") == .quit)
  }

  @Test func expectations() throws {
    #expect(try parse("expect count == 3") == .expect(.condition(try StateCondition(parsing: "count == 3"))))
    for op in ["==", "!=", "<", "<=", ">", ">="] {
      let command = try parse("expect count \(op) 3")
      guard case .expect(.condition(let condition)) = command else {
        Issue.record("expect count \(op) 3 parsed as \(String(describing: command))")
        continue
      }
      #expect(condition.comparison.rawValue == op)
    }
    #expect(try parse(#"expect tags contains "home""#) == .expect(.condition(try StateCondition(parsing: #"tags contains "home""#))))
    #expect(try parse("expect todos[0].isDone changed") == .expect(.changed(path: "todos[0].isDone")))
    #expect(try parse("expect status == changed") == .expect(.condition(try StateCondition(parsing: "status == changed"))))
  }

  /// An escaped quote inside a key does not end the string: the `=` after it is still
  /// inside the key, so the line is `PATH changed`, not a condition.
  @Test func anOperatorAfterAnEscapedQuoteInAKeyIsStillQuoted() throws {
    #expect(try parse(#"expect labels["a\"b=c"] changed"#) == .expect(.changed(path: #"labels["a\"b=c"]"#)))
  }
}

@Suite("Command parser: words")
struct CommandParserWordTests {
  @Test func aliases() throws {
    #expect(try parse("s") == .step)
    #expect(try parse("n") == .next)
    #expect(try parse("c") == .continue)
    #expect(try parse("b add") == .addBreakpoint(.action(pattern: "add", condition: nil), isOneShot: false))
    #expect(try parse("p count") == .state(path: "count"))
    #expect(try parse("bt") == .backtrace(limit: nil))
    #expect(try parse("q") == .quit)
    #expect(try parse("?") == .help(topic: nil))
  }

  @Test func uniquePrefixesAndCase() throws {
    #expect(try parse("cont") == .continue)
    #expect(try parse("back") == .backtrace(limit: nil))
    #expect(try parse("sta") == .state(path: nil))
    #expect(try parse("ste") == .step)
    #expect(try parse("adv 1s") == .advance(.seconds(1)))
    #expect(try parse("tog 1") == .toggle(index: 1))
    #expect(try parse("STEP") == .step)
  }

  @Test func ambiguousPrefixesNameTheCandidates() {
    let error = parseError("st")
    #expect(error?.column == 1)
    #expect(error?.message.contains("ambiguous command 'st'") == true)
    #expect(error?.message.contains("state") == true)
    #expect(error?.message.contains("step") == true)
    let co = parseError("co")?.message ?? ""
    #expect(co.contains("commit") && co.contains("continue"))
    #expect(parseError("e 1")?.message.contains("enable, export, expect") == true)
    #expect(parseError("d")?.message.contains("ambiguous") == true)
  }

  /// `com` is `commands`, as in gdb, not ambiguous with `commit`; `help commit` says how to
  /// reach it (issue 49).
  @Test func comIsCommandsAsInGdb() throws {
    #expect(try parse("com 2") == .breakpointCommands(id: 2, lines: []))
    #expect(try parse("commi") == .commit)
    let commit = CommandTable.standard.words.first { $0.name == "commit" }
    #expect(commit?.summary.contains("`com` is `commands`") == true)
  }

  @Test func unknownWordsSuggestTheNearest() {
    let error = parseError("  sned .increment")
    #expect(error?.column == 3)
    #expect(error?.message.contains("unknown command 'sned'") == true)
    #expect(error?.message.contains("did you mean 'send'?") == true)
  }
}

@Suite("Command parser: errors point at their column")
struct CommandParserErrorTests {
  @Test(arguments: [
    ("show", 5, "expected a history index"),
    ("show x", 6, "expected a history index as a whole number, found 'x'"),
    ("jump -1", 6, "whole number"),
    ("diff 1 b", 8, "found 'b'"),
    ("delete 1 two", 10, "found 'two'"),
    ("ignore 1", 9, "expected a count"),
    ("step 3", 6, "unexpected '3'"),
    ("info", 5, "expected a topic"),
    ("info colours", 6, "unknown info topic 'colours'"),
    ("set diff loud", 10, "expected full, summary or off"),
    ("set colour on", 5, "unknown setting 'colour'"),
    ("use", 4, "expected a feature name"),
    ("advance", 8, "expected a duration"),
    ("advance 300", 9, "needs a unit"),
    ("advance 3 weeks", 9, "needs a unit"),
    ("wait 5parsecs", 6, "unknown unit 'parsecs'"),
    ("log everything", 5, "expected a count, 'case PATTERN', 'changed PATH', 'origin KIND [NAME]'"),
    ("break add when count > 1", 11, "expected 'if CONDITION'"),
    ("break a-b", 8, "unexpected '-' in the pattern"),
    ("help frobnicate", 6, "unknown command 'frobnicate'"),
    ("save", 5, "expected a file name"),
  ])
  func argumentErrors(line: String, column: Int, message: String) {
    let error = parseError(line)
    #expect(error?.column == column, "\(line): \(String(describing: error))")
    #expect(error?.message.contains(message) == true, "\(line): \(String(describing: error))")
  }

  @Test func actionSyntaxErrorsPointIntoTheLine() {
    // `.add(title: "Milk"` is missing its parenthesis at the end: column 19 of the action,
    // which starts at column 6 of the line.
    let error = parseError(#"send .add(title: "Milk""#)
    #expect(error?.column == 24)
    #expect(error?.message.hasPrefix("bad action:") == true)
    let bare = parseError(".add(title: 3 4)")
    #expect(bare?.column == 15)
  }

  @Test func pathSyntaxErrorsPointIntoTheLine() {
    let error = parseError("state todos[0")
    #expect(error?.message.contains("bad path 'todos[0'") == true)
    #expect(error?.column ?? 0 >= 7)
    let watch = parseError("watch a..b")
    #expect(watch?.column ?? 0 >= 7)
  }

  @Test func conditionErrors() {
    let missingOperator = parseError("expect count 3")
    #expect(missingOperator?.column == 8)
    #expect(missingOperator?.message.contains("PATH OP VALUE") == true)
    let badValue = parseError("expect count == (1")
    #expect(badValue?.column == 19)
    #expect(badValue?.message.contains("bad value") == true)
    let badCondition = parseError("break add if count >")
    #expect(badCondition?.column == 14)
  }
}

@Suite("Command parser: any input")
struct CommandParserRobustnessTests {
  /// A small deterministic generator, so a failure can be reproduced.
  struct Generator {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
      state = state &* 6364136223846793005 &+ 1442695040888963407
      return Int((state >> 33) % UInt64(bound))
    }
  }

  /// Random lines made of command words and the characters that matter to the grammar
  /// either parse or fail with a column inside the line (or one past its end).
  @Test func randomLinesNeverCrashAndErrorsPointIntoTheLine() {
    let pieces = [
      "send", "state", "p", "break", "tbreak", "watch", "if", "job", "cycle", "expect", "changed", "log", "case",
      "diff", "wait", "advance", "set", "diff", "info", "use", "delete", "jump", ".add(", "title:", "\"", "\\",
      "(", ")", "[", "]", "{", "}", "==", "!=", "<", ">=", "contains", "#", "0", "-1", "3.5s", "ms", "todos",
      "[0]", ".", "?", "*", ":", ",", " ", "  ", "\t", "é", "🧪", "\u{301}", "99999999999999999999",
    ]
    var generator = Generator(state: 42)
    for _ in 0..<3_000 {
      var line = ""
      for _ in 0..<(1 + generator.next(8)) { line += pieces[generator.next(pieces.count)] + (generator.next(2) == 0 ? " " : "") }
      do {
        _ = try CommandParser().parse(line)
      } catch {
        #expect(error.column >= 1 && error.column <= line.count + 1, "\(line): \(error)")
        #expect(!error.message.isEmpty)
      }
    }
  }
}
