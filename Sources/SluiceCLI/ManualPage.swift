import ArgumentParser
import SluiceDebugger

/// The manual page of `sluice`, in roff: synopsis, the options of the shell and of `run`
/// (ArgumentParser's own help text), every command of ``CommandTable/standard`` by topic,
/// the files and environment it reads, and the exit status.
enum ManualPage {
  static func lines(program: String, table: CommandTable = .standard) -> [String] {
    let name = program.uppercased()
    var lines = [
      ".TH \(escaped(name)) 1 \"\" \"\(escaped(program)) \(SluiceCommand.version)\" \"User Commands\"",
      ".SH NAME", "\(escaped(program)) \\- a REPL and debugger for Sluice stores",
      ".SH SYNOPSIS",
      ".B \(escaped(program))", "[\\fIoptions\\fR]", ".br",
      ".B \(escaped(program)) run", "[\\fIoptions\\fR] \\fIfile\\fR...", ".br",
      ".B \(escaped(program)) manual",
      ".SH DESCRIPTION",
      "Without a subcommand, starts the interactive shell on the registered features; with",
      "standard input not a terminal, its lines run as \\fB\(escaped(program)) run -\\fR runs them.",
      ".B run", "runs scripts of the same commands, one per line.",
      ".SH OPTIONS",
    ]
    for (title, command) in [("The shell", StartShell.self as any ParsableCommand.Type), ("run", RunScripts.self)] {
      lines += [".SS \(title)", ".nf"]
      lines += SluiceCommand.helpMessage(for: command, columns: 80).split(separator: "\n", omittingEmptySubsequences: false)
        .map { escaped(String($0)) }
      lines.append(".fi")
    }
    lines.append(".SH COMMANDS")
    for topic in CommandTopic.allCases {
      let words = table.words.filter { $0.topic == topic }
      guard !words.isEmpty else { continue }
      lines.append(".SS \(escaped(topic.rawValue))")
      for word in words {
        lines.append(".TP")
        lines.append(word.usage.map { "\\fB\(escaped($0))\\fR" }.joined(separator: "\n.br\n"))
        lines.append(escaped(word.summary) + ".")
        if !word.aliases.isEmpty { lines += [".br", "Aliases: " + escaped(word.aliases.joined(separator: ", ")) + "."] }
        lines += [".br", "Example: \\fB\(escaped(word.example))\\fR"]
      }
    }
    lines += [
      ".SH FILES",
      ".TP", "\\fI$XDG_CONFIG_HOME/sluice/init.sluice\\fR (else \\fI~/.config/sluice/init.sluice\\fR)",
      "Commands the shell runs before its first prompt; a line that fails is reported and the rest still runs.",
      ".TP", "\\fI\(InitFiles.localName)\\fR",
      "In the current directory: run after the user's init file, only when the directory (or one above it) is a line of",
      "\\fI$XDG_CONFIG_HOME/sluice/trusted\\fR.",
      ".TP", "\\fI$XDG_STATE_HOME/sluice/history\\fR (else \\fI~/.local/state/sluice/history\\fR)",
      "The shell's history; \\fB\\-\\-history\\-file\\fR and \\fB\\-\\-history\\-size\\fR override it.",
      ".SH ENVIRONMENT",
      ".TP", ".B NO_COLOR", "Set and not empty: no colors.",
      ".TP", ".B FORCE_COLOR", "Set, not empty and not 0: colors even when the output is not a terminal (NO_COLOR wins).",
      ".TP", ".B SLUICE_HISTORY_SIZE", "How many commands the history keeps (default 1000).",
      ".SH EXIT STATUS",
      "0 every expectation held; 1 an expectation failed, the cycle detector broke a chain or a wait ended with",
      "work running; 2 bad usage, a line that does not parse or a command that failed.",
    ]
    return lines
  }

  /// Text safe in roff: backslashes doubled, a leading `.` or `'` kept from being a request,
  /// and `-` written as a minus so it can be searched and copied.
  static func escaped(_ text: String) -> String {
    var result = text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
    if result.hasPrefix(".") || result.hasPrefix("'") { result = "\\&" + result }
    return result
  }
}
