/// Why a file could not be read or written: one line for people that names the file and
/// says what is wrong in plain words (`cannot read x.json: it is a FIFO, not a regular file`).
/// Each module that reads or writes files says it in its own error type.
package struct FileError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The whole explanation.
  package let message: String

  /// An error saying `message`.
  package init(_ message: String) {
    self.message = message
  }

  /// The message.
  package var description: String { message }
}
