import SluiceDebugger

extension ScriptRunner {
  /// Stops the run if its ``interruption`` was raised, with an error that says so and the
  /// error status, once; an init file's habit of going on after errors does not apply.
  ///
  /// - Returns: Whether the run is stopped.
  @discardableResult
  package func stopIfInterrupted() -> Bool {
    guard !isStopped else { return true }
    guard interruption.isPending else { return false }
    status = .error
    isStopped = true
    let paused = interpreter.debugger.current.map { " with the store of '\($0.featureName)' paused" } ?? ""
    reporter.error("interrupted (SIGINT): the run stops here\(paused)", at: nil, sourceLine: nil)
    return true
  }
}
