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

    /// A hello from `program`, process `pid`, offering `stores`.
    public init(program: String, pid: Int, stores: [String]) {
      self.program = program
      self.pid = pid
      self.stores = stores
      let offered = stores.isEmpty ? "no stores yet" : "stores: " + stores.joined(separator: ", ")
      message = "attached to \(program) (pid \(pid)); \(offered)"
    }
  }
}
