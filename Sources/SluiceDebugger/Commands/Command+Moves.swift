extension Command {
  /// Whether the command may move the program (reduce actions, run jobs, move time, or move
  /// the state in history): after it, the selected frame is forgotten and the displays are
  /// shown, as gdb does after a step or a stop.
  var movesTheProgram: Bool {
    switch self {
    case .send, .step, .next, .continue, .wait, .advance, .jump, .toggle, .reset, .load, .reverseStep, .reverseNext, .setVariable:
      true
    case .help, .state, .diff, .log, .show, .addBreakpoint, .delete, .setEnabled, .ignore, .info, .jobSpans, .pause,
      .backtrace, .commit, .save, .source, .set, .use, .quit, .expect, .cancel, .find, .frame, .display, .undisplay,
      .condition, .breakpointCommands, .saveBreakpoints, .logHiding, .exportTest, .exportTrace, .ui:
      false
    }
  }
}
