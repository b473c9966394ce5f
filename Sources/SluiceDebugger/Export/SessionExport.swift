/// A session described for a file (`export test FILE`, `export trace FILE`): what the engine
/// hands its host, which writes the file in the format asked for. The engine knows the
/// session; writing Swift and trace formats is for the module above it.
public enum SessionExport: Sendable, Equatable {
  /// A Swift Testing test that replays the session.
  case test(TestDescription)
  /// A trace of the session, for Perfetto and `chrome://tracing`.
  case trace(SessionTrace)
}
