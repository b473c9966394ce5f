extension Todos {
  /// Which items the list shows.
  ///
  /// No raw values on purpose: every enum in the example features uses Swift's synthesized
  /// enum coding, so the debugger reads `.setFilter(.active)` the same way as any other case.
  public enum Filter: CaseIterable, Hashable, Sendable, Codable {
    /// Every item.
    case all
    /// Items not done yet.
    case active
    /// Items done.
    case completed

    /// Whether the filter lets `todo` through.
    public func includes(_ todo: Todo) -> Bool {
      switch self {
      case .all: true
      case .active: !todo.isDone
      case .completed: todo.isDone
      }
    }
  }
}
