import Foundation

/// Values of every shape the value tree knows, for rendering, paths and diffs.
enum Phase: Equatable {
  case idle
  case loading(progress: Double)
  case loaded(items: [Int], note: String)
  case failed(String)
}

struct Box<Wrapped> {
  var wrapped: Wrapped
}

/// Not `Equatable`: diffs must compare its parts by reflection.
struct Settings {
  var theme: String
  var sizes: [Int: String]
  var flags: Set<String>
  var phase: Phase
}

final class Node {
  var name: String
  var next: Node?

  init(name: String, next: Node? = nil) {
    self.name = name
    self.next = next
  }
}

/// A description that hides the case name: rendering must still show the case.
enum Mood: CustomStringConvertible {
  case happy(level: Int)

  var description: String { "a mood" }
}
