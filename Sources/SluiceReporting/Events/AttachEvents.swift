extension ProtocolEvent {
  /// The first event a client attached to a running program receives: `hello`.
  public struct Hello: Codable, Sendable, Equatable {
    /// The program's name.
    public var program: String
    /// The program's process id.
    public var pid: Int
    /// The names of the stores it offers, as `use` takes them.
    public var stores: [String]
    /// The hello as one line of text.
    public var message: String
    /// How many browser pages the agent answers at once over this connection (`ui` in
    /// `sluice attach`); absent from an agent that answers none.
    public var pages: Int?

    /// A hello from `program`, process `pid`, offering `stores`, answering up to `pages`
    /// browser pages.
    public init(program: String, pid: Int, stores: [String], pages: Int? = nil) {
      self.program = program
      self.pid = pid
      self.stores = stores
      self.pages = pages
      let offered = stores.isEmpty ? "no stores yet" : "stores: " + stores.joined(separator: ", ")
      message = "attached to \(program) (pid \(pid)); \(offered)"
    }
  }
}
