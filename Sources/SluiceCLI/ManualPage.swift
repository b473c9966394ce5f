import ArgumentParser
import SluiceDebugger

/// The manual page of a debugger built on Sluice (`sluice` or a user's own), in roff: its
/// name and registered features, the options of the shell and of `run` as list entries,
/// every command of ``CommandTable/standard`` by topic with examples drawn from the first
/// registered feature, the files and environment it reads, and the exit status.
///
/// The page is dated with ``SluiceCommand/versionDate``, the release of the version it
/// documents, not the day it is printed: the same binary prints the same page.
@MainActor
enum ManualPage {
  static func lines(program: String, registry: FeatureRegistry, table: CommandTable = .standard) -> [String] {
    let name = escaped(program)
    var lines = [
      ".TH \(escaped(program.uppercased())) 1 \(SluiceCommand.versionDate) \"Sluice \(SluiceCommand.version)\" \"User Commands\"",
      ".SH NAME", "\(name) \\- a REPL and debugger for Sluice stores",
      ".SH SYNOPSIS",
      ".B \(name)", "[\\fIoptions\\fR]", ".br",
      ".B \(name) run", "[\\fIoptions\\fR] \\fIfile\\fR...", ".br",
      ".B \(name) serve", "[\\fIoptions\\fR] [\\fIfeature\\fR]", ".br",
      ".B \(name) attach", "[\\fIoptions\\fR] [\\fItarget\\fR]", ".br",
      ".B \(name) dap", ".br",
      ".B \(name) manual",
      ".SH DESCRIPTION",
      "Without a subcommand, starts the interactive shell on the registered features; with",
      "standard input not a terminal, its lines run as \\fB\(name) run \\-\\fR runs them.",
      ".B run", "runs scripts of the same commands, one per line.",
      ".B serve", "starts the shell with the session's timeline served to a browser on this machine",
      "(127.0.0.1, behind a token in the printed address); \\fBui\\fR in the shell does the same.",
      ".B attach", "lists the running programs with a Sluice agent, or debugs the stores of one.",
      ".B dap", "serves an editor's debugger (VS Code, nvim\\-dap, dape, Helix) over the Debug Adapter Protocol",
      "on standard input and output: the store's history is the program, stepped forwards and backwards.",
      ".PP", "The features registered in \\fB\(name)\\fR (the first is used unless \\fB\\-\\-feature\\fR or \\fBuse\\fR names another):",
    ]
    for feature in registry.features {
      lines += [".TP", "\\fB\(escaped(feature.name))\\fR", escaped(feature.summary)]
    }
    lines.append(".SH OPTIONS")
    for (title, command) in [("The shell", StartShell.self as any ParsableCommand.Type), ("run", RunScripts.self), ("serve", ServeSession.self), ("attach", AttachToProgram.self)] {
      lines.append(".SS \(title)")
      for option in DocumentedOption.options(of: command) {
        lines += [".TP", entry(for: option)]
        if let help = option.abstract, !help.isEmpty { lines.append(escaped(help)) }
      }
    }
    lines.append(".SH COMMANDS")
    let examples = Examples(registry: registry)
    for topic in CommandTopic.allCases {
      let words = table.words.filter { $0.topic == topic }
      guard !words.isEmpty else { continue }
      lines.append(".SS \(escaped(topic.rawValue))")
      for word in words {
        lines.append(".TP")
        lines.append(word.usage.map { "\\fB\(escaped($0))\\fR" }.joined(separator: "\n.br\n"))
        lines.append(escaped(word.summary) + ".")
        if !word.aliases.isEmpty { lines += [".br", "Aliases: " + escaped(word.aliases.joined(separator: ", ")) + "."] }
        if let example = examples.example(for: word) { lines += [".br", "Example: \\fB\(escaped(example))\\fR"] }
      }
    }
    lines += [
      ".SH FILES",
      ".TP", "\\fI$XDG_CONFIG_HOME/sluice/init.sluice\\fR (else \\fI~/.config/sluice/init.sluice\\fR)",
      "Commands the shell runs before its first prompt; a line that fails is reported and the rest still runs.",
      ".TP", "\\fI\(escaped(InitFiles.localName))\\fR",
      "In the current directory: run after the user's init file, only when the directory (or one above it) is a line of",
      "\\fI$XDG_CONFIG_HOME/sluice/trusted\\fR.",
      ".TP", "\\fI$XDG_STATE_HOME/sluice/history\\fR (else \\fI~/.local/state/sluice/history\\fR)",
      "The shell's history; \\fB\\-\\-history\\-file\\fR and \\fB\\-\\-history\\-size\\fR override it.",
      ".SH ENVIRONMENT",
      ".TP", ".B NO_COLOR", "Set and not empty: no colors.",
      ".TP", ".B FORCE_COLOR", "Set, not empty and not 0: colors even when the output is not a terminal (NO_COLOR wins).",
      ".TP", ".B SLUICE_HISTORY_SIZE", "How many commands the history keeps (default 1000).",
      ".SH EXIT STATUS",
      ".TP", ".B 0", "Every expectation held.",
      ".TP", ".B 1",
      "An expectation failed, the cycle detector broke a chain, a job failed or a wait ended with work running;",
      "the script ran to its end.",
      ".TP", ".B 2", "Bad usage, a line that does not parse or a command that failed; the run stopped there.",
    ]
    return lines
  }

  /// `\fB\-x\fR, \fB\-\-source\fR \fIfile\fR`: the option's names in bold, its value in italics.
  private static func entry(for option: DocumentedOption) -> String {
    let value = option.valueName ?? ""
    if option.isPositional { return "\\fI\(escaped(value))\\fR" + (option.isRepeating ? "\\&..." : "") }
    let names = (option.names ?? []).map { "\\fB\(escaped($0.written))\\fR" }.joined(separator: ", ")
    return option.takesValue ? names + " \\fI\(escaped(value))\\fR" : names
  }

  /// Examples drawn from the first registered feature, made once for the whole page.
  @MainActor
  private struct Examples {
    let session: (any SessionInspection)?
    let features: [String]

    init(registry: FeatureRegistry) {
      features = registry.names
      // A session on virtual time, so nothing of the feature runs while the page is made.
      let debugger = Debugger(registry: registry, options: SessionOptions(usesVirtualClock: true))
      session = registry.names.first.flatMap { try? debugger.use($0).inspection }
    }

    /// The feature's own example; else the table's, unless that one speaks of Sluice's
    /// example features, which a user's debugger does not have.
    func example(for word: CommandWord) -> String? {
      FeatureExamples.example(for: word, in: session, features: features)
    }
  }

  /// Text safe in roff: backslashes written as `\e`, a leading `.` or `'` kept from being a
  /// request, `-` written as a minus so it can be searched and copied, and every character
  /// past ASCII by its code point (`…` as `\[u2026]`): groff reads its input as Latin-1
  /// unless told otherwise, and warns about UTF-8 bytes.
  static func escaped(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": result += "\\e"
      case "-": result += "\\-"
      case _ where scalar.isASCII: result.unicodeScalars.append(scalar)
      default: result += "\\[u" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4) + "]"
      }
    }
    if result.hasPrefix(".") || result.hasPrefix("'") { result = "\\&" + result }
    return result
  }
}

extension String {
  /// The string with zeros before it up to `width` characters: `2026` for groff's `\[u2026]`.
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}
