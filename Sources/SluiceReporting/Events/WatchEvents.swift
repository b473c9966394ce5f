import SluiceDebugger

extension ProtocolEvent {
  /// `changed`: the session moved on since the client last asked (an action reduced, a job
  /// scheduled or ended, a jump, the shell's command), answering no request. A client that
  /// shows the session beside the shell (the browser's page) is sent it instead of the
  /// session's events, which are the shell's to show, and asks again for what it shows.
  public struct SessionChanged: Codable, Sendable, Equatable {
    /// The feature in use, if any.
    public var feature: String?

    /// A change of `debugger`'s current session.
    @MainActor
    public init(of debugger: Debugger) {
      feature = debugger.current?.featureName
    }

    /// A change of `feature`'s session.
    public init(feature: String?) {
      self.feature = feature
    }
  }
}
