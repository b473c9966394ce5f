extension CommandTable {
  /// The language the shell and scripts speak.
  public static let standard = CommandTable([
    CommandWord(
      "help", aliases: ["?"], topic: .shell, usage: ["help [COMMAND]"], summary: "list commands, or explain one",
      example: "help break", forms: [[.command]]
    ) { parser, cursor, _ throws(CommandParseError) in
      guard let piece = cursor.word() else { return .help(topic: nil) }
      do throws(CommandWordError) {
        return .help(topic: try parser.table.resolve(piece.text).name)
      } catch {
        throw CommandParseError(error.description, column: piece.column)
      }
    },
    CommandWord(
      "send", topic: .actionsAndState, usage: ["send ACTION", ".action(…)", "{json}"],
      summary: "send an action (a line starting with '.' or '{' is an action too)",
      example: #"send .add(title: "Milk")"#, forms: [[.action]]
    ) { _, cursor, usage throws(CommandParseError) in
      .send(action: try CommandParser.checkedAction(try cursor.requiredRest("an action", usage: usage)))
    },
    CommandWord(
      "state", topic: .actionsAndState, usage: ["state [PATH] [at N]"],
      summary: "show the state, or the value at PATH, now or after entry N",
      example: "state todos[0]", forms: [[.path, .keyword("at"), .historyIndex]]
    ) { _, cursor, _ throws(CommandParseError) in
      try CommandParser.state(cursor.rest())
    },
    CommandWord(
      "print", aliases: ["p"], topic: .actionsAndState, usage: ["print [PATH] [at N]"],
      summary: "show the value at PATH, or the whole state (after entry N; in the selected frame's state after `frame`)",
      example: "print count", forms: [[.path, .keyword("at"), .historyIndex]]
    ) { _, cursor, _ throws(CommandParseError) in
      try CommandParser.state(cursor.rest())
    },
    CommandWord(
      "display", topic: .actionsAndState, usage: ["display PATH"],
      summary: "show the value at PATH now and after every step, stop or jump (numbered: `1: count = 3`)",
      example: "display count", forms: [[.path]]
    ) { _, cursor, usage throws(CommandParseError) in
      .display(path: try CommandParser.checkedPath(try cursor.requiredRest("a state path", usage: usage)))
    },
    CommandWord(
      "undisplay", topic: .actionsAndState, usage: ["undisplay [N…]"],
      summary: "delete displays by number (all when no number is given; `info display` lists them)",
      example: "undisplay 1", forms: [[.repeated(.count)]]
    ) { _, cursor, _ throws(CommandParseError) in
      var numbers: [Int] = []
      while let piece = cursor.word() { numbers.append(try ArgumentCursor.integer(piece, "a display number")) }
      return .undisplay(numbers: numbers)
    },
    CommandWord(
      "diff", topic: .actionsAndState, usage: ["diff", "diff A [B]", "diff original"],
      summary: "the last action's diff, the diff between entries A and B (B omitted: now), or how the last state differs from the original timeline's after a replace, toggle, insert or shrink",
      example: "diff 2 5", forms: [[.historyIndex, .historyIndex], [.keyword("original")]]
    ) { _, cursor, usage throws(CommandParseError) in
      guard !cursor.isAtEnd else { return .diff(.lastAction) }
      var ahead = cursor
      if ahead.word()?.text == "original" {
        cursor = ahead
        return .diff(.original)
      }
      let from = try cursor.integer("a history index", usage: usage)
      var to: Int?
      if let piece = cursor.word() { to = try ArgumentCursor.integer(piece, "a history index") }
      return .diff(.between(from: from, to: to))
    },
    CommandWord(
      "log", topic: .actionsAndState,
      usage: [
        "log [N]", "log from I [N]", "log case PATTERN [WINDOW]", "log changed PATH [WINDOW]",
        "log origin KIND [NAME] [WINDOW]", "log hide [PATTERN]", "log unhide [PATTERN]",
      ],
      summary:
        "history: the last N entries (20), N entries from entry I on, entries of a case, that changed a path, or sent by KIND "
        + "(user, script, effect, middleware, timer, subscription, external; NAME: a glob on the job's name); "
        + "WINDOW: N for the last N matches, from I [N] for N (20) from entry I on, skip R [N] for N (20) after the first R matches; "
        + "hide cases from every listing, or show them again",
      example: "log changed todos[0].isDone",
      forms: [
        [.keyword("case"), .casePattern, .keyword("from"), .historyIndex, .count],
        [.keyword("case"), .casePattern, .keyword("skip"), .count, .count],
        [.keyword("changed"), .path, .keyword("from"), .historyIndex, .count],
        [.keyword("changed"), .path, .keyword("skip"), .count, .count],
        [
          .keyword("origin"), .choice(OriginFilter.Kind.allCases.map(\.rawValue)), .jobName, .keyword("from"),
          .historyIndex, .count,
        ],
        [.keyword("hide"), .casePattern], [.keyword("unhide"), .casePattern], [.keyword("from"), .historyIndex, .count],
        [.count],
      ]
    ) { _, cursor, usage throws(CommandParseError) in
      try CommandParser.log(&cursor, usage: usage)
    },
    CommandWord(
      "show", topic: .actionsAndState, usage: ["show N"], summary: "one history entry and its diff",
      example: "show 3", forms: [[.historyIndex]]
    ) { _, cursor, usage throws(CommandParseError) in
      .show(index: try cursor.integer("a history index", usage: usage))
    },
    CommandWord(
      "find", topic: .actionsAndState, usage: ["find TEXT [at N]"],
      summary: "the paths whose keys or values contain TEXT, now or after entry N",
      example: "find milk", forms: [[.text, .keyword("at"), .historyIndex]]
    ) { _, cursor, usage throws(CommandParseError) in
      try CommandParser.search(&cursor, usage: usage)
    },
    CommandWord(
      "why", topic: .actionsAndState, usage: ["why PATH [at N]"],
      summary: "the entry that last set the value at PATH (now, or after entry N): old and new value, its causal chain, its dependency reads; or the state it comes from",
      example: "why count", forms: [[.path, .keyword("at"), .historyIndex]]
    ) { _, cursor, usage throws(CommandParseError) in
      try CommandParser.why(&cursor, usage: usage)
    },
    CommandWord(
      "history", topic: .actionsAndState, usage: ["history PATH [WINDOW]"],
      summary: "every change of the value at PATH, oldest first, each with its old and new value (the last 20; WINDOW as log's)",
      example: "history count",
      forms: [[.path, .keyword("from"), .historyIndex, .count], [.path, .keyword("skip"), .count, .count]]
    ) { _, cursor, usage throws(CommandParseError) in
      try CommandParser.pathHistory(&cursor, usage: usage)
    },
    CommandWord(
      "bisect", topic: .actionsAndState, usage: ["bisect PATH OP VALUE"],
      summary: "jump to the first entry after which a condition on the state holds, saying whether it holds from there on or listing every entry where it changed",
      example: "bisect count > 3",
      forms: [[.path, .choice(ComparisonOperator.allCases.map(\.rawValue)), .value]]
    ) { _, cursor, usage throws(CommandParseError) in
      try CommandParser.bisect(&cursor, usage: usage)
    },
    CommandWord(
      "shrink", topic: .timeTravel, usage: ["shrink [budget N] [PATH OP VALUE]"],
      summary: "replay fewer of the actions you sent, effects and timers running, to find the fewest that still end where the condition holds (without one: still warn of the session's cycle, or still fail its failed job); the result becomes the timeline, the original kept",
      example: "shrink count < 0",
      forms: [[.keyword("budget"), .count], [.path, .choice(ComparisonOperator.allCases.map(\.rawValue)), .value]]
    ) { _, cursor, usage throws(CommandParseError) in
      try CommandParser.shrink(&cursor, usage: usage)
    },
    CommandWord(
      "trace", topic: .breakpoints, usage: ["trace PATTERN [if CONDITION] print PATH…"],
      summary: "a log point: lists the values at PATH… before each recorded action that matches, then prints them before each new one, never stopping (PATH may start with $action)",
      example: "trace increment print count",
      forms: [[.casePattern, .keyword("print"), .path], [.casePattern, .keyword("if"), .condition]]
    ) { _, cursor, usage throws(CommandParseError) in
      try CommandParser.logPoint(&cursor, usage: usage)
    },
    breakWord("break", aliases: ["b"], summary: "stop before an action (glob on its case name), before a job starts, or at a cycle warning", example: "break setStep if count > 5"),
    breakWord("tbreak", aliases: [], summary: "like break, but deleted after it stops once", example: "tbreak paymentSucceeded"),
    CommandWord(
      "watch", topic: .breakpoints, usage: ["watch PATH"],
      summary: "stop after an action changes the value at PATH; pending while PATH does not exist yet",
      example: "watch status", forms: [[.path]]
    ) { _, cursor, usage throws(CommandParseError) in
      let piece = try cursor.requiredRest("a state path", usage: usage)
      return .addBreakpoint(.watch(path: try CommandParser.statePath(piece)), isOneShot: false)
    },
    CommandWord(
      "delete", topic: .breakpoints, usage: ["delete [ID…]"], summary: "delete breakpoints (all when no id is given)",
      example: "delete 1", forms: [[.repeated(.breakpointID)]]
    ) { _, cursor, _ throws(CommandParseError) in
      var ids: [Int] = []
      while let piece = cursor.word() { ids.append(try CommandParser.breakpointID(piece)) }
      return .delete(ids: ids)
    },
    enableWord("enable", enabled: true),
    enableWord("disable", enabled: false),
    CommandWord(
      "ignore", topic: .breakpoints, usage: ["ignore ID COUNT"], summary: "let a breakpoint's next COUNT matches pass",
      example: "ignore 1 3", forms: [[.breakpointID, .count]]
    ) { _, cursor, usage throws(CommandParseError) in
      let id = try CommandParser.breakpointID(try cursor.requiredWord("a breakpoint id", usage: usage))
      return .ignore(id: id, count: try cursor.integer("a count", usage: usage))
    },
    CommandWord(
      "condition", topic: .breakpoints, usage: ["condition ID [CONDITION]"],
      summary: "make action breakpoint ID stop only when CONDITION holds (none: always)",
      example: "condition 1 count > 5", forms: [[.breakpointID, .condition]]
    ) { _, cursor, usage throws(CommandParseError) in
      let id = try CommandParser.breakpointID(try cursor.requiredWord("a breakpoint id", usage: usage))
      return .condition(id: id, try cursor.rest().map(CommandParser.stateCondition))
    },
    CommandWord(
      "commands", aliases: ["com"], topic: .breakpoints, usage: ["commands [ID]  (then one command per line, and end)"],
      summary: "the commands breakpoint ID (the last one made) runs when it stops; none removes them",
      example: "commands 1", forms: [[.breakpointID]]
    ) { _, cursor, _ throws(CommandParseError) in
      let id = try cursor.word().map(CommandParser.breakpointID) ?? Breakpoint.lastMadeID
      return .breakpointCommands(id: id, lines: [])
    },
    CommandWord(
      "info", topic: .shell, usage: ["info " + Command.InfoTopic.allCases.map(\.rawValue).joined(separator: "|")],
      summary: "list breakpoints, jobs, features, cycle warnings, settings, displays or what the session offers",
      example: "info breakpoints",

      forms: [[.choice(Command.InfoTopic.allCases.map(\.rawValue))]]
    ) { _, cursor, usage throws(CommandParseError) in
      .info(try CommandParser.infoTopic(&cursor, usage: usage))
    },
    plainWord(
      "step", aliases: ["s"], topic: .running, summary: "while paused: reduce the next queued action, or run the next held job",
      example: "step", command: .step),
    plainWord(
      "next", aliases: ["n"], topic: .running, summary: "while paused: finish the current action and all it caused; stops at the first hit",
      example: "next", command: .next),
    plainWord(
      "continue", aliases: ["c"], topic: .running, summary: "resume, and wait until a breakpoint, idle, or every job waits for virtual time",
      example: "continue", command: .continue),
    plainWord("pause", topic: .running, summary: "stop before the next action; hold new jobs", example: "pause", command: .pause),
    CommandWord(
      "jobs", topic: .running, usage: ["jobs", "jobs --all [WINDOW]"],
      summary: "jobs scheduled and not ended (info jobs); --all: every job seen, when it ran and how it ended "
        + "(WINDOW: N for the last N, from I [N] for N (20) launched by entry I or later, skip R [N] for N (20) after the first R)",
      example: "jobs --all",
      forms: [[.keyword("--all"), .keyword("from"), .historyIndex, .count], [.keyword("--all"), .keyword("skip"), .count, .count]]
    ) { _, cursor, usage throws(CommandParseError) in
      guard let word = cursor.word() else { return .info(.jobs) }
      guard word.text == "--all" else {
        throw CommandParseError("expected `--all` or nothing (usage: \(usage))", column: word.column)
      }
      return .jobSpans(try CommandParser.listingWindow(&cursor, usage: usage))
    },
    CommandWord(
      "cancel", topic: .running, usage: ["cancel JOB"],
      summary: "cancel a job, by its id or its name (every live job of that name)", example: "cancel 3",
      forms: [[.job]]
    ) { _, cursor, usage throws(CommandParseError) in
      // `jobs` lists `#3`, but `#` after a space starts a comment: say so when nothing is left.
      let piece = try cursor.requiredRest("a job's number (3, without '#', which starts a comment) or name", usage: usage)
      return .cancel(job: CommandParser.unquoted(piece.text))
    },
    CommandWord(
      "backtrace", aliases: ["bt"], topic: .running, usage: ["backtrace [N]"],
      summary: "the causal chain of the current action (only the innermost N frames when given)", example: "bt",
      forms: [[.count]]
    ) { _, cursor, _ throws(CommandParseError) in
      .backtrace(limit: try cursor.word().map { piece throws(CommandParseError) in
        try ArgumentCursor.integer(piece, "a number of frames")
      })
    },
    CommandWord(
      "frame", aliases: ["f"], topic: .running, usage: ["frame [N]"],
      summary: "select frame N of the backtrace (show the selected one without N): print and diff then look at "
        + "the state after its entry, until the program moves",
      example: "frame 1", forms: [[.count]]
    ) { _, cursor, _ throws(CommandParseError) in
      guard let piece = cursor.word() else { return .frame(.current) }
      return .frame(.number(try ArgumentCursor.integer(piece, "a frame number")))
    },
    frameStepWord("up", towards: "further from the current action, towards its root", move: Command.FrameMove.up),
    frameStepWord("down", towards: "nearer the current action", move: Command.FrameMove.down),
    indexWord("jump", topic: .timeTravel, summary: "make the state the one after entry N (0: the base)", example: "jump 2") { .jump(index: $0) },
    indexAndActionWord(
      "replace",
      summary: "what if entry N had been ACTION: put it in N's place and recompute later states (the timeline before is kept: diff original, original restore)",
      example: "replace 2 .decrement"
    ) { .replace(index: $0, action: $1) },
    indexAndActionWord(
      "insert",
      summary: "what if ACTION had been sent before entry N (one past the last: after it): replay the actions you sent with it, effects and timers running (the timeline before is kept: diff original, original restore)",
      example: "insert 2 .increment"
    ) { .insert(index: $0, action: $1) },
    CommandWord(
      "original", topic: .timeTravel, usage: ["original restore", "original forget"],
      summary: "after replace, toggle, insert or shrink: go back to the timeline before them (restore), or keep what they made (forget)",
      example: "original restore", forms: [[.choice(Command.OriginalMove.allCases.map(\.rawValue))]]
    ) { _, cursor, usage throws(CommandParseError) in
      let word = try cursor.requiredWord("'restore' or 'forget'", usage: usage)
      guard let move = Command.OriginalMove(rawValue: word.text) else {
        throw CommandParseError("expected 'restore' or 'forget', found '\(word.text)'", column: word.column)
      }
      try cursor.expectEnd(usage: usage)
      return .original(move)
    },
    indexWord("toggle", topic: .timeTravel, summary: "skip entry N (or restore it), recomputing later states", example: "toggle 3") { .toggle(index: $0) },
    plainWord(
      "reverse-step", aliases: ["rs"], topic: .timeTravel, summary: "go back one entry (jump to the one before the position)",
      example: "reverse-step", command: .reverseStep),
    plainWord(
      "reverse-next", aliases: ["rn"], topic: .timeTravel,
      summary: "go back over the whole causal chain of the entry at the position, to the entry before its root",
      example: "reverse-next", command: .reverseNext),
    plainWord("reset", topic: .timeTravel, summary: "return to the initial state and forget history", example: "reset", command: .reset),
    plainWord(
      "commit", topic: .timeTravel, summary: "make the current state the base (`com` is `commands`, as in gdb)",
      example: "commit", command: .commit),
    CommandWord(
      "save", topic: .files, usage: ["save FILE", "save breakpoints FILE"],
      summary: "save the session to a file, or the breakpoints as a script that source restores",
      example: "save checkout.session", forms: [[.keyword("breakpoints"), .file], [.file]], touchesFiles: true
    ) { _, cursor, usage throws(CommandParseError) in
      try CommandParser.save(try cursor.requiredRest("a file name", usage: usage))
    },
    CommandWord(
      "load", topic: .files, usage: ["load FILE", "load as NAME FILE"],
      summary: "replace the session with a saved one, replaying its log; `as NAME` loads it into NAME whatever it names",
      example: "load checkout.session", forms: [[.keyword("as"), .feature, .file], [.file]], touchesFiles: true
    ) { _, cursor, usage throws(CommandParseError) in
      // `as`, not `--feature`: the engine names no flag of the command line (the CLI's
      // `--feature` on `--load` becomes this).
      var option = cursor
      guard option.word()?.text == "as" else {
        return .load(path: try CommandParser.fileName(try cursor.requiredRest("a file name", usage: usage)))
      }
      cursor = option
      let feature = try cursor.requiredWord("a feature name", usage: usage).text
      return .load(path: try CommandParser.fileName(try cursor.requiredRest("a file name", usage: usage)), feature: feature)
    },
    fileWord("source", summary: "run the commands in a file", example: "source Examples/Scripts/counter.sluice") { .source(path: $0) },
    CommandWord(
      "export", topic: .files, usage: ["export test FILE", "export trace FILE"],
      summary: "write the session as a Swift Testing test that replays it with TestStore, or as a trace for Perfetto",
      example: "export test Tests/CheckoutTests/CheckoutSessionTests.swift",
      forms: [[.keyword("test"), .file], [.keyword("trace"), .file]], touchesFiles: true
    ) { _, cursor, usage throws(CommandParseError) in
      let word = cursor.word()
      guard let word, ["test", "trace"].contains(word.text) else {
        throw CommandParseError("expected `test` or `trace` (usage: \(usage))", column: word?.column ?? cursor.column)
      }
      let path = try CommandParser.fileName(try cursor.requiredRest("a file name", usage: usage))
      return word.text == "test" ? .exportTest(path: path) : .exportTrace(path: path)
    },
    CommandWord(
      "set", topic: .shell,
      usage: [
        "set diff full|summary|off", "set cycle policy pause|break|warn", "set cycle limit N|off",
        "set cycle window DURATION", "set cycle depth N|off", "set history limit N", "set wait limit DURATION|none",
        "set width N|unlimited", "set var PATH = VALUE",
      ],
      summary:
        "diff display, cycle detector, history limit, wait limit (real time a job may show no progress), "
        + "the width one-line output is elided to; `set var` sets a value of the state (an entry of history)",
      example: "set diff summary",
      forms: [
        [.keyword("var"), .path],
        [.keyword("diff"), .choice(DiffDisplay.allCases.map(\.rawValue))],
        [.keyword("cycle"), .choice(["policy", "limit", "window", "depth"])],
        [.keyword("history"), .keyword("limit"), .count],
        [.keyword("wait"), .keyword("limit"), .duration],
        [.keyword("wait"), .keyword("limit"), .keyword("none")],
        [.keyword("width"), .count],
        [.keyword("width"), .keyword("unlimited")],
      ]
    ) { _, cursor, usage throws(CommandParseError) in
      var lookahead = cursor
      if let word = lookahead.word(), ["var", "variable"].contains(word.text.lowercased()) {
        cursor = lookahead
        let text = try cursor.requiredRest("PATH = VALUE", usage: usage)
        let edit = try CommandParser.stateEdit(text)
        cursor.culpritColumns[.editedPath] = text.column
        cursor.culpritColumns[.editedValue] = text.column + edit.valueColumn - 1
        return .setVariable(edit)
      }
      return .set(try CommandParser.setting(&cursor, usage: usage))
    },
    plainWord("features", topic: .files, summary: "the registered features (info features)", example: "features", command: .info(.features)),
    CommandWord(
      "use", topic: .files, usage: ["use NAME"], summary: "switch to another feature; each keeps its session",
      example: "use checkout", forms: [[.feature]]
    ) { _, cursor, usage throws(CommandParseError) in
      .use(feature: try cursor.requiredWord("a feature name", usage: usage).text)
    },
    plainWord("quit", aliases: ["q", "exit"], topic: .shell, summary: "stop", example: "quit", command: .quit),
    CommandWord(
      "ui", topic: .shell, usage: ["ui [--allow-files]"],
      summary: "serve the session's timeline to a browser on this machine and print its address (the shell, `sluice serve` and "
        + "`sluice attach`); --allow-files: its pages may also save, load, source and export files",
      example: "ui", forms: [[.keyword("--allow-files")]]
    ) { _, cursor, usage throws(CommandParseError) in
      guard let word = cursor.word() else { return .ui(allowsFiles: false) }
      guard word.text == "--allow-files" else {
        throw CommandParseError("expected `--allow-files` or nothing (usage: \(usage))", column: word.column)
      }
      return .ui(allowsFiles: true)
    },
    CommandWord(
      "expect", topic: .scripts, usage: ["expect PATH OP VALUE", "expect PATH changed"],
      summary: "assert on the state (OP: == != < <= > >= contains), or that the last action changed PATH",
      example: "expect count == 3",
      forms: [[.path, .choice(ComparisonOperator.allCases.map(\.rawValue)), .value], [.path, .keyword("changed")]]
    ) { _, cursor, usage throws(CommandParseError) in
      .expect(try CommandParser.expectation(try cursor.requiredRest("an expectation", usage: usage)))
    },
    CommandWord(
      "wait", topic: .running, usage: ["wait [--allow-running] [TIMEOUT]"],
      summary: "wait until idle or paused, or until every job waits for virtual time (TIMEOUT: a real-time bound; default: the wait limit)",
      example: "wait 2s", forms: [[.keyword("--allow-running"), .duration], [.duration]]
    ) { _, cursor, _ throws(CommandParseError) in
      var next = cursor.word()
      let allowsRunning = next?.text == "--allow-running"
      if allowsRunning { next = cursor.word() }
      return .wait(timeout: try next.map(CommandParser.duration), allowsRunning: allowsRunning)
    },
    CommandWord(
      "advance", topic: .running, usage: ["advance DURATION"],
      summary: "move virtual time (a session on a virtual clock): 100us, 300ms, 1.5s, 2m", example: "advance 300ms",
      forms: [[.duration]]
    ) { _, cursor, usage throws(CommandParseError) in
      .advance(try CommandParser.duration(try cursor.requiredWord("a duration", usage: usage)))
    },
  ])

  // MARK: - Words alike

  /// A command without arguments.
  private static func plainWord(
    _ name: String, aliases: [String] = [], topic: CommandTopic, summary: String, example: String, command: Command
  ) -> CommandWord {
    CommandWord(name, aliases: aliases, topic: topic, usage: [name], summary: summary, example: example) { _, _, _ in
      command
    }
  }

  /// `up [N]`, `down [N]`: moves the selected frame by N (1).
  private static func frameStepWord(
    _ name: String, towards direction: String, move: @escaping @Sendable (Int) -> Command.FrameMove
  ) -> CommandWord {
    CommandWord(
      name, topic: .running, usage: ["\(name) [N]"], summary: "select the frame N (1) \(direction)",
      example: name, forms: [[.count]]
    ) { _, cursor, _ throws(CommandParseError) in
      let count = try cursor.word().map { piece throws(CommandParseError) in try ArgumentCursor.integer(piece, "a number of frames") }
      return .frame(move(count ?? 1))
    }
  }

  /// `jump N`, `toggle N`.
  private static func indexWord(
    _ name: String, topic: CommandTopic, summary: String, example: String,
    command: @escaping @Sendable (Int) -> Command
  ) -> CommandWord {
    CommandWord(
      name, topic: topic, usage: ["\(name) N"], summary: summary, example: example, forms: [[.historyIndex]]
    ) { _, cursor, usage throws(CommandParseError) in
      command(try cursor.integer("a history index", usage: usage))
    }
  }

  /// `replace N ACTION`, `insert N ACTION`: a what-if at a history index.
  private static func indexAndActionWord(
    _ name: String, summary: String, example: String,
    command: @escaping @Sendable (Int, ActionArgument) -> Command
  ) -> CommandWord {
    CommandWord(
      name, topic: .timeTravel, usage: ["\(name) N ACTION"], summary: summary, example: example,
      forms: [[.historyIndex, .action]]
    ) { _, cursor, usage throws(CommandParseError) in
      let index = try cursor.integer("a history index", usage: usage)
      return command(index, try CommandParser.checkedAction(try cursor.requiredRest("an action", usage: usage)))
    }
  }

  /// `load FILE`, `source FILE`.
  private static func fileWord(
    _ name: String, summary: String, example: String, command: @escaping @Sendable (String) -> Command
  ) -> CommandWord {
    CommandWord(
      name, topic: .files, usage: ["\(name) FILE"], summary: summary, example: example, forms: [[.file]],
      touchesFiles: true
    ) { _, cursor, usage throws(CommandParseError) in
      command(try CommandParser.fileName(try cursor.requiredRest("a file name", usage: usage)))
    }
  }

  /// `enable ID`, `disable ID`.
  private static func enableWord(_ name: String, enabled: Bool) -> CommandWord {
    CommandWord(
      name, topic: .breakpoints, usage: ["\(name) ID"], summary: "\(name) a breakpoint", example: "\(name) 1",
      forms: [[.breakpointID]]
    ) { _, cursor, usage throws(CommandParseError) in
      .setEnabled(
        id: try CommandParser.breakpointID(try cursor.requiredWord("a breakpoint id", usage: usage)), enabled: enabled)
    }
  }

  /// `break …`, `tbreak …`.
  private static func breakWord(_ name: String, aliases: [String], summary: String, example: String) -> CommandWord {
    CommandWord(
      name, aliases: aliases, topic: .breakpoints,
      usage: ["\(name) PATTERN [if CONDITION]", "\(name) job NAME", "\(name) cycle"], summary: summary,
      example: example,
      forms: [[.keyword("job"), .jobName], [.keyword("cycle")], [.casePattern, .keyword("if"), .condition]]
    ) { _, cursor, usage throws(CommandParseError) in
      .addBreakpoint(try CommandParser.breakpointKind(&cursor, usage: usage), isOneShot: name == "tbreak")
    }
  }
}
