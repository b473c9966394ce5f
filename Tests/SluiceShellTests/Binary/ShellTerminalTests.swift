import Foundation
import Testing

/// The `sluice` binary on a real pseudo-terminal, driven key by key.
extension TerminalTests {
  @Suite struct ShellTerminalTests {
    @Test func tabCompletesACommand() async throws {
      let sluice = try await SluiceOnTerminal()
      defer { sluice.close() }
      sluice.type("cont\t")
      try await sluice.terminal.waitForCursorLine("(sluice counter) continue")
      sluice.type("\u{15}")  // Ctrl-U: clear the line.
      sluice.type("hel\t")
      try await sluice.terminal.waitForCursorLine("(sluice counter) help")
    }

    @Test func tabCompletesAnActionCaseWithItsLabels() async throws {
      let sluice = try await SluiceOnTerminal(["--feature", "todos"])
      defer { sluice.close() }
      sluice.type("send .ad\t")
      try await sluice.terminal.waitForCursorLine("(sluice todos) send .add(title:")
      let screen = try await sluice.run(#""Milk")"#)
      #expect(screen.lines.contains(#"#1 .add(title: "Milk")  ← user"#))
      // A bare action completes too: to what the candidates share, then a second Tab lists
      // them with their signatures.
      sluice.type(".lo\t")
      try await sluice.terminal.waitForCursorLine("(sluice todos) .load")
      sluice.type("\t")
      try await sluice.terminal.waitForScreen {
        $0.lines.contains { $0.contains(".loadResponse(_: [Todo])") && $0.contains(".cancelLoad") == false }
          && $0.cursorLine == "(sluice todos) .load"
      }
      sluice.type("\u{15}.tog\t1)\r")
      try await sluice.terminal.waitForScreen { $0.lines.contains("#2 .toggle(id: 1)  ← user") }
    }

    @Test func tabCompletesAStatePath() async throws {
      let sluice = try await SluiceOnTerminal(["--feature", "todos"])
      defer { sluice.close() }
      try await sluice.run(#".add(title: "Milk")"#)
      sluice.type("print to\t")
      try await sluice.terminal.waitForCursorLine("(sluice todos) print todos")
      sluice.type("[\t")
      try await sluice.terminal.waitForCursorLine("(sluice todos) print todos[0]")
      sluice.type(".ti\t\r")
      try await sluice.terminal.waitForScreen { $0.lines.contains(#"todos[0].title = "Milk""#) }
    }

    @Test func tabListsFeaturesAfterUse() async throws {
      let sluice = try await SluiceOnTerminal()
      defer { sluice.close() }
      sluice.type("use \t")
      try await sluice.terminal.waitForScreen {
        $0.lines.contains { $0.contains("checkout  A cart checked out") } && $0.cursorLine == "(sluice counter) use"
      }
      sluice.type("ch\t\r")
      try await sluice.terminal.waitForCursorLine("(sluice checkout)")
    }

    @Test func historySurvivesARestart() async throws {
      let first = try await SluiceOnTerminal()
      try await first.run("print step")
      first.type("\u{04}")
      #expect(try await first.waitForExit() == 0)
      first.close()

      let second = try await SluiceOnTerminal(stateHome: first.stateHome)
      defer { second.close() }
      second.type("\u{1B}[A")  // Up.
      try await second.terminal.waitForCursorLine("(sluice counter) print step")
      #expect(FileManager.default.fileExists(atPath: first.stateHome + "/sluice/history"))
    }

    @Test func historyFileAndSizeAreTheUsersToChoose() async throws {
      let folder = EditorFixture.temporaryFolder()
      let file = folder + "/my-history"
      let sluice = try await SluiceOnTerminal(["--history-file", file, "--history-size", "2"])
      try await sluice.run("print step")
      try await sluice.run("print count")
      try await sluice.run("info settings")
      sluice.type("\u{04}")
      #expect(try await sluice.waitForExit() == 0)
      sluice.close()
      let saved = try String(contentsOfFile: file, encoding: .utf8)
      // libedit writes a space as \040.
      #expect(saved.contains("info\\040settings"), "\(saved)")
      #expect(saved.contains("print\\040count"))
      #expect(!saved.contains("step"), "more than --history-size 2 entries were kept")
      #expect(!FileManager.default.fileExists(atPath: sluice.stateHome + "/sluice/history"))
    }

    @Test func controlCClearsTheLine() async throws {
      let sluice = try await SluiceOnTerminal()
      defer { sluice.close() }
      sluice.type("send .incr")
      try await sluice.terminal.waitForCursorLine("(sluice counter) send .incr")
      sluice.type("\u{03}")
      try await sluice.terminal.waitForScreen {
        $0.lines.suffix(2) == ["(sluice counter) send .incr^C", "(sluice counter)"]
      }
      let screen = try await sluice.run("print count")
      #expect(screen.lines.contains("count = 0"))  // Nothing was sent.
    }

    @Test func controlCWhileACommandRunsPausesTheStore() async throws {
      let sluice = try await SluiceOnTerminal(["--feature", "pingpong"])
      defer { sluice.close() }
      try await sluice.run("set diff off")
      try await sluice.run(".ping")
      sluice.type("wait \(hangGuardText)\r")
      // While `wait` runs the terminal is back in its usual mode, where Ctrl-C is SIGINT.
      try await sluice.waitForTerminalSignals()
      sluice.type("\u{03}")
      let screen = try await sluice.terminal.waitForScreen {
        $0.cursorLine == "(sluice pingpong ⏸)" && $0.lines.contains("⏸ paused")
      }
      #expect(screen.lines.contains("paused"))  // How `wait` ended.
    }

    @Test func anOpenParenthesisContinuesOnTheNextLine() async throws {
      let sluice = try await SluiceOnTerminal(["--feature", "todos"])
      defer { sluice.close() }
      sluice.type("send .add(\r")
      try await sluice.terminal.waitForCursorLine("             …")  // As wide as the prompt.
      let screen = try await sluice.run(#"title: "Tea")"#)
      #expect(screen.lines.contains(#"#1 .add(title: "Tea")  ← user"#))
    }

    @Test func controlDExitsWithStatusZero() async throws {
      let sluice = try await SluiceOnTerminal()
      defer { sluice.close() }
      sluice.type("\u{04}")
      #expect(try await sluice.waitForExit() == 0)
    }

    @Test func quitMentionsSaveWhenHistoryIsUnsaved() async throws {
      let sluice = try await SluiceOnTerminal()
      defer { sluice.close() }
      try await sluice.run(".increment")
      let screen = try await sluice.run("quit")
      #expect(screen.lines.contains { $0.hasPrefix("not saved: counter (1 action)") && $0.contains("save FILE") })
      sluice.type("quit\r")
      #expect(try await sluice.waitForExit() == 0)
    }

    @Test func stepsAPausedCheckoutThroughItsThreeMiddleware() async throws {
      let sluice = try await SluiceOnTerminal(["--feature", "checkout", "--virtual-clock"])
      defer { sluice.close() }
      try await sluice.run(#".addItem(id: "tea", name: "Tea", priceInCents: 450, quantity: 2)"#)
      try await sluice.run("wait \(hangGuardText)")
      try await sluice.run("break checkout")
      var screen = try await sluice.run(".checkout", prompt: "(sluice checkout ⏸)")
      #expect(screen.lines.contains("⏸ stopped at breakpoint 1 before .checkout"))
      screen = try await sluice.run("step", prompt: "(sluice checkout ⏸)")
      #expect(screen.lines.contains("#2 .checkout  ← user"))
      // Enter on an empty line steps again: one middleware run each time.
      for name in ["validation", "analytics", "payment"] {
        screen = try await sluice.run("", prompt: "(sluice checkout ⏸)")
        #expect(screen.lines.last { $0.hasPrefix("ran middleware") }?.hasPrefix("ran middleware '\(name)'") == true)
      }
      try await sluice.run("continue", prompt: "(sluice checkout")
      // The payment gateway answers after a second of virtual time.
      try await sluice.run("advance 1s")
      screen = try await sluice.run("print status")
      #expect(screen.lines.contains { $0.hasPrefix("status = .paid") })
    }

    @Test func aDebounceFiringWhileTypingLeavesTheTypedLineIntact() async throws {
      let sluice = try await SluiceOnTerminal(["--feature", "search"])
      defer { sluice.close() }
      try await sluice.run("set diff off")
      // The debounce fires 300 ms after the query changes. Type half a command at once and
      // check that it was on screen before the search ran; on a machine too slow for that,
      // try again with another query (bounded).
      var firedWhileTyping = false
      for (attempt, query) in ["ada", "alan", "grace"].enumerated() where !firedWhileTyping {
        try await sluice.run(".queryChanged(\"\(query)\")")
        sluice.type("print qu")
        let typed = try await sluice.terminal.waitForScreen { $0.cursorLine.hasSuffix(" print qu") }
        firedWhileTyping = !typed.lines.contains { $0.hasPrefix("#\(3 * attempt + 2) .search") }
        try await sluice.terminal.waitForScreen {
          $0.lines.contains { $0.hasPrefix("#\(3 * attempt + 3) .searchResponse") } && $0.cursorLine.hasSuffix(" print qu")
        }
        let screen = try await sluice.run("ery")
        #expect(screen.lines.contains("query = \"\(query)\""))
        #expect(!screen.lines.contains { $0.hasPrefix("error:") })
      }
      #expect(firedWhileTyping, "the search never fired while a line was being typed")
    }

    @Test func colorsOnlyWithoutNoColor() async throws {
      let colored = try await SluiceOnTerminal(colors: true)
      defer { colored.close() }
      #expect(String(decoding: colored.terminal.bytes, as: UTF8.self).contains("\u{1B}[1m(sluice counter)"))

      let plain = try await SluiceOnTerminal(["--no-color"], colors: true)
      defer { plain.close() }
      try await plain.run(".increment")
      #expect(!String(decoding: plain.terminal.bytes, as: UTF8.self).contains("\u{1B}[3"))
    }
  }
}
