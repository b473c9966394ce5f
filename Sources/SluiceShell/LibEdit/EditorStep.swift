/// Work the line editor does inside libedit, between two keys.
///
/// libedit draws the line; only code running inside its read loop may touch it. So when
/// output arrives, Ctrl-C is pressed or Tab has choices to list, the editor's input
/// function queues steps and hands libedit a reserved key bound to ``LineEditor``'s step
/// command, which performs one step per key. Several steps are needed because each one
/// ends by telling libedit how to redraw.
enum EditorStep: Equatable {
  /// Erase the prompt and the line from the screen (the text is kept aside).
  case clearForOutput
  /// Write the queued output, then draw the prompt and the line again below it.
  case writeOutput
  /// Move the cursor to the end of the line, so `^C` lands after the text.
  case moveToEndForInterrupt
  /// Write `^C`, drop the line and end the read.
  case finishInterrupt
  /// Move the cursor to the end of the line, so a listing goes below all of it.
  case moveToEndForListing(cursorFromEnd: Int, rows: [String])
  /// Write the listing, then draw the prompt and the line again below it.
  case writeListing(cursorFromEnd: Int, rows: [String])
  /// The terminal changed size: let libedit measure it and draw again.
  case resize
  /// The prompt changed: draw the prompt and the line again.
  case redraw
}
