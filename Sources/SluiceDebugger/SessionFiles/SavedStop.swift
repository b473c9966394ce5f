/// A stop as a session file keeps it (`stops`): what stopped the session, as its instant in
/// `export trace` is named, when (integer nanoseconds) and after which entry. The part is
/// optional: a file without it (older, or a test store's) loads with none.
struct SavedStop: Codable, Equatable {
  let title: String
  let time: Int64
  let afterIndex: Int

  /// `stop`, as the file keeps it.
  ///
  /// - Throws: When its time is beyond what a file holds.
  init(_ stop: StopLog.Stop) throws(DebugError) {
    title = stop.title
    time = try SessionTime.nanoseconds(stop.time)
    afterIndex = stop.lastIndex
  }

  /// The stop the file keeps as stop number `number` (from 1) of the file at `path`.
  ///
  /// - Throws: When it has no title, a negative time, or an entry out of range.
  func restored(number: Int, from path: String) throws(DebugError) -> StopLog.Stop {
    let place = "\(path): stop \(number)"
    guard !title.isEmpty else { throw DebugError("\(place) has no title") }
    guard time >= 0 else { throw DebugError("\(place) ('\(title)') happened at \(time) ns, before the session began") }
    guard (0...SessionFileLimits.maximumIndex).contains(afterIndex) else {
      throw DebugError(
        "\(place) ('\(title)') came after entry \(afterIndex); entries are numbered from 1 (0 before the first)")
    }
    return StopLog.Stop(title: title, time: .nanoseconds(time), lastIndex: afterIndex)
  }
}
