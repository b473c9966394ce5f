/// How `help` groups the commands, and an example of each for `help COMMAND`.
///
/// The commands themselves (names, aliases, usage, summaries) come from the command
/// language; this table only arranges them for people.
public enum HelpTopics {
  /// The topics in the order `help` lists them, each with its commands in order.
  public static let topics: [(title: String, commands: [String])] = [
    ("Actions and state", ["send", "state", "print", "diff", "log", "show"]),
    ("Breakpoints and watchpoints", ["break", "tbreak", "watch", "delete", "enable", "disable", "ignore"]),
    ("Running and stepping", ["step", "next", "continue", "pause", "jobs", "backtrace", "wait", "advance"]),
    ("Time travel", ["jump", "toggle", "reset", "commit"]),
    ("Features, sessions and files", ["features", "use", "save", "load", "source"]),
    ("Scripts", ["expect"]),
    ("The shell", ["set", "info", "help", "quit"]),
  ]

  /// One example line per command.
  public static let examples: [String: String] = [
    "send": #"send .add(title: "Milk")"#,
    "state": "state todos[0]",
    "print": "print count",
    "diff": "diff 2 5",
    "log": "log changed todos[0].isDone",
    "show": "show 3",
    "break": "break setStep if count > 5",
    "tbreak": "tbreak paymentSucceeded",
    "watch": "watch status",
    "delete": "delete 1",
    "enable": "enable 1",
    "disable": "disable 1",
    "ignore": "ignore 1 3",
    "step": "step        (then Enter to step again)",
    "next": "next        (then Enter for the next action)",
    "continue": "continue",
    "pause": "pause",
    "jobs": "jobs",
    "backtrace": "bt",
    "wait": "wait 2s",
    "advance": "advance 300ms",
    "jump": "jump 2",
    "toggle": "toggle 3",
    "reset": "reset",
    "commit": "commit",
    "features": "features",
    "use": "use checkout",
    "save": "save checkout.session",
    "load": "load checkout.session",
    "source": "source Examples/Scripts/counter.sluice",
    "expect": "expect count == 3",
    "set": "set diff summary",
    "info": "info breakpoints",
    "help": "help break",
    "quit": "quit",
  ]

  /// The topic `command` is listed under.
  public static func topic(of command: String) -> String? {
    topics.first { $0.commands.contains(command) }?.title
  }
}
