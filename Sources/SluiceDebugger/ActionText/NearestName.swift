/// The candidate closest to `name`, for "did you mean …?" suggestions, or `nil`
/// when none is close enough.
///
/// Closeness is the edit distance ignoring case, where swapping two neighbouring
/// characters counts as one edit. A candidate qualifies within about one edit per
/// three characters of `name` (at least one, at most three); ties go to the earlier
/// candidate. Names longer than 64 characters get no suggestion.
package func nearestName(to name: String, among candidates: [String]) -> String? {
  let target = Array(name.lowercased())
  guard !target.isEmpty, target.count <= 64 else { return nil }
  let allowed = min(3, max(1, target.count / 3))
  var best: (name: String, distance: Int)?
  for candidate in candidates {
    let letters = Array(candidate.lowercased())
    guard abs(letters.count - target.count) <= allowed else { continue }
    let distance = editDistance(target, letters)
    if distance <= allowed, distance < (best?.distance ?? .max) {
      best = (candidate, distance)
    }
  }
  return best?.name
}

/// Optimal-string-alignment distance: insertions, deletions, substitutions and
/// adjacent transpositions each cost one.
private func editDistance(_ source: [Character], _ target: [Character]) -> Int {
  if source.isEmpty { return target.count }
  if target.isEmpty { return source.count }
  let width = target.count + 1
  // Three rows suffice: the transposition looks two rows back.
  var twoBack = [Int](repeating: 0, count: width)
  var previous = Array(0...target.count)
  var current = [Int](repeating: 0, count: width)
  for row in 1...source.count {
    current[0] = row
    for column in 1...target.count {
      let cost = source[row - 1] == target[column - 1] ? 0 : 1
      var value = min(previous[column] + 1, current[column - 1] + 1, previous[column - 1] + cost)
      if row > 1, column > 1, source[row - 1] == target[column - 2], source[row - 2] == target[column - 1] {
        value = min(value, twoBack[column - 2] + 1)
      }
      current[column] = value
    }
    (twoBack, previous, current) = (previous, current, twoBack)
  }
  return previous[target.count]
}
