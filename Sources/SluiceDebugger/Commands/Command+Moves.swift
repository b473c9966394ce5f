extension Command {
  /// Whether the command may move the program (reduce actions, run jobs, move time, or move
  /// the state in history): after it, the selected frame is forgotten and the displays are
  /// shown, as gdb does after a step or a stop.
  var movesTheProgram: Bool {
    switch self {
    case .send, .step, .next, .continue, .wait, .advance, .jump, .toggle, .reset, .load, .reverseStep, .reverseNext, .setVariable, .bisect, .replace, .insert, .original, .shrink:
      true
    case .help, .state, .diff, .log, .show, .addBreakpoint, .delete, .setEnabled, .ignore, .info, .jobSpans, .pause,
      .backtrace, .commit, .save, .source, .set, .use, .quit, .expect, .cancel, .find, .why, .pathHistory, .trace, .frame, .display, .undisplay,
      .condition, .breakpointCommands, .saveBreakpoints, .logHiding, .exportTest, .exportTrace, .ui:
      false
    }
  }

  /// Whether an empty line typed after the command runs it again, as gdb's Enter steps
  /// again: the steps, forward and back, and nothing that could do harm twice.
  package var repeatsOnEmptyLine: Bool {
    switch self {
    case .step, .next, .reverseStep, .reverseNext:
      true
    case .send, .continue, .wait, .advance, .jump, .toggle, .reset, .load, .setVariable, .help, .state, .diff, .log,
      .show, .addBreakpoint, .delete, .setEnabled, .ignore, .info, .jobSpans, .pause, .backtrace, .commit, .save, .source,
      .set, .use, .quit, .expect, .cancel, .find, .why, .pathHistory, .bisect, .trace, .replace, .insert, .original, .shrink, .frame, .display, .undisplay, .condition, .breakpointCommands,
      .saveBreakpoints, .logHiding, .exportTest, .exportTrace, .ui:
      false
    }
  }
}
