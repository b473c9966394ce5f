/// Why a request failed: the `message` of its error response, which an editor shows.
package struct AdapterError: Error, Equatable, Sendable {
  /// What went wrong, in a sentence an editor can show.
  package let message: String

  /// An error saying `message`.
  package init(_ message: String) {
    self.message = message
  }
}
