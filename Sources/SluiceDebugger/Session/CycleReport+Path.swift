import Sluice

extension CycleReport {
  /// The rotation of `cycle` that starts at its least name: the same for every entry point
  /// into one loop.
  static func canonicalRotation(of cycle: [String]) -> [String] {
    guard let start = cycle.indices.min(by: { cycle[$0] < cycle[$1] }) else { return cycle }
    return Array(cycle[start...] + cycle[..<start])
  }

  /// The cycle with the sender of each action: `.ping →(effect 'pong timer')→ .pong → …`,
  /// read off the chain, where each action's origin is the job that sent it.
  static func path(of cycle: [String], along chain: Backtrace) -> String {
    guard let first = cycle.first else { return "" }
    // The job that sent an action of case `child` caused by one of case `parent`.
    var senders: [String: String] = [:]
    let frames = chain.frames
    for (child, parent) in zip(frames, frames.dropFirst()) {
      let key = parent.caseName + " " + child.caseName
      if senders[key] == nil, let origin = child.origin { senders[key] = origin.description }
    }
    var path = "." + first
    for (parent, child) in zip(cycle, cycle.dropFirst() + [first]) {
      let sender = senders[parent + " " + child]
      path += sender.map { " →(\($0))→ ." } ?? " → ."
      path += child
    }
    return path
  }
}
