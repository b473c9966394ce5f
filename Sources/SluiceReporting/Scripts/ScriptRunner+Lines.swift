import SluiceDebugger

extension ScriptRunner {
  /// Runs commands as they arrive, one line at a time, until `nextLine` returns `nil`: a
  /// pipe (`… | sluice`) runs each command as soon as its line is written, not at the end.
  ///
  /// Lines count from 1 under `name` in messages, and relative file names are relative to
  /// the current directory. A line holding U+FFFD, which the reader puts where bytes were not
  /// UTF-8, stops the run like any line that cannot be read.
  public func run(lines nextLine: @MainActor () async -> String?, name: String) async {
    await run(lines: nextLine, name: name, handingEachLineTo: takeAsCommand)
  }

  /// Runs lines as they arrive, as ``run(lines:name:)`` does, handing each to `take`.
  package func run(lines nextLine: @MainActor () async -> String?, name: String, handingEachLineTo take: LineTaker) async {
    guard begin(name, name, at: nil, sourceLine: nil) else { return }
    defer { end(name) }
    let script = ScriptSource(name: name, text: "")
    var number = 0
    while !isStopped, let line = await nextLine() {
      number += 1
      if let column = line.firstIndex(of: "\u{FFFD}").map({ line.distance(from: line.startIndex, to: $0) + 1 }) {
        fail("cannot read \(name): it is not UTF-8 text", at: ScriptLocation(file: name, line: number, column: column),
          sourceLine: nil)
        return
      }
      await take(line, number, script)
    }
    checkNoBlockIsOpen()
  }
}
