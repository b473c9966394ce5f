extension Command {
  /// The command's word, as `help` lists it: `break` for `tbreak … ` too, `send` for a bare
  /// action, `info` for `jobs` and `features`.
  public var name: String {
    switch self {
    case .help: "help"
    case .send: "send"
    case .state: "state"
    case .diff: "diff"
    case .log, .logHiding: "log"
    case .show: "show"
    case .addBreakpoint(.watch, _): "watch"
    case .addBreakpoint(_, let isOneShot): isOneShot ? "tbreak" : "break"
    case .delete: "delete"
    case .setEnabled(_, let enabled): enabled ? "enable" : "disable"
    case .ignore: "ignore"
    case .condition: "condition"
    case .breakpointCommands: "commands"
    case .saveBreakpoints: "save"
    case .info: "info"
    case .step: "step"
    case .next: "next"
    case .continue: "continue"
    case .pause: "pause"
    case .backtrace: "backtrace"
    case .jump: "jump"
    case .toggle: "toggle"
    case .reset: "reset"
    case .commit: "commit"
    case .save: "save"
    case .load: "load"
    case .source: "source"
    case .set: "set"
    case .use: "use"
    case .quit: "quit"
    case .expect: "expect"
    case .wait: "wait"
    case .advance: "advance"
    case .cancel: "cancel"
    case .find: "find"
    }
  }
}
