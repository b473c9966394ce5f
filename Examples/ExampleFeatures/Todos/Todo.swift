/// One item of a to-do list.
public struct Todo: Identifiable, Hashable, Sendable, Codable {
  /// Unique within a list; `Todos` assigns the next free number to a new item.
  public var id: Int
  /// What to do.
  public var title: String
  /// Whether it is done.
  public var isDone: Bool

  /// Creates a to-do item, not done unless said otherwise.
  public init(id: Int, title: String, isDone: Bool = false) {
    self.id = id
    self.title = title
    self.isDone = isDone
  }
}
