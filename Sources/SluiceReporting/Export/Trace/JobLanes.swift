/// The tracks jobs go on: a lane per job name, and a second lane of that name (a third, …)
/// only while the first is busy, so that the slices of one lane never overlap and most
/// names take one track. Jobs must be placed in the order they start.
struct JobLanes {
  /// A track of jobs of one name.
  struct Lane {
    /// The jobs' kind and name: `effect 'search'`.
    let title: String
    /// The lane's number among those of its title, from 1.
    let number: Int
    /// When its last job ends, in microseconds.
    var end: Int
  }

  /// Every lane, in the order made.
  private(set) var lanes: [Lane] = []
  /// The lanes of each title, by position in `lanes`.
  private var byTitle: [String: [Int]] = [:]

  /// The position in ``lanes`` of the lane a job titled `title`, from `start` to `end`
  /// (microseconds), goes on: the first of its title free by `start`, or a new one.
  mutating func place(_ title: String, from start: Int, to end: Int) -> Int {
    let positions = byTitle[title, default: []]
    if let free = positions.first(where: { lanes[$0].end <= start }) {
      lanes[free].end = end
      return free
    }
    lanes.append(Lane(title: title, number: positions.count + 1, end: end))
    byTitle[title, default: []].append(lanes.count - 1)
    return lanes.count - 1
  }
}
