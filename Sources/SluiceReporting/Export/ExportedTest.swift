import SluiceDebugger
import SluiceFiles

/// A session written as a Swift Testing test (`export test FILE`): the test's source, and
/// what it could not reproduce, each said where it happened.
public struct ExportedTest: Sendable, Equatable {
  /// The test file's text.
  public let source: String
  /// How many history entries the test replays.
  public let actionCount: Int
  /// Where the test cannot reproduce the session (a real clock, a value it cannot write, a
  /// job still running at the end), each as the file says it in a comment at that point.
  public let notes: [String]

  /// The test `description` describes, written as Swift (see `SwiftTestWriter`).
  public init(_ description: TestDescription) {
    var writer = SwiftTestWriter()
    writer.write(description)
    (source, actionCount, notes) = (writer.text, description.actionCount, writer.notes)
  }

  /// Writes the test to `path` atomically, as `save` writes a session: a regular file that
  /// may be written is replaced whole, or not at all.
  package func write(to path: String) throws(DebugError) {
    try AtomicFile.save(Array(source.utf8), to: path, replacing: .anyRegularFile)
  }

  /// What `export test` says it wrote.
  package func summary(path: String) -> [String] {
    ["exported \(actionCount) \(actionCount == 1 ? "action" : "actions") as a test to \(path)"]
      + notes.map { "note: " + $0 }
  }
}
