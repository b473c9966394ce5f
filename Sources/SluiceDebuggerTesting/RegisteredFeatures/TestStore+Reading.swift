import SluiceTesting
import Sluice
import SluiceDebugger
import Testing

extension TestStore {
  /// Sends `action`, its reduction reading `reads` where it reads the session's dates, ids,
  /// random numbers, clock or recorded values, and checks the state it leaves behind: how an
  /// exported test replays an entry whose values a test would not read on its own (a session
  /// on the real clock, or recorded in production).
  ///
  /// ```swift
  /// await store.send(.place("apple"), reading: [
  ///   .uuid(UUID(uuidString: "3F2504E0-4F89-11D3-9A0C-0305E82C3301")!),
  ///   .date(Date(timeIntervalSinceReferenceDate: 786_000_000.5)),
  /// ]) {
  ///   $0.orders = [ … ]
  /// }
  /// ```
  ///
  /// Each read takes the next of `reads` with its name, as a replay in the debugger does; a
  /// read with none left is taken live. Only a test store of a registered feature whose
  /// reducer records its reads (`TestStore(feature:in:)`, registered with `controlled(by:)`
  /// or `Feature(…, dependencies:, …)`) can be fed: any other records an issue saying why and
  /// sends the action unfed. So does a read with no value (`RecordedRead.value(_:_:)` of a
  /// value that cannot be encoded), and `reads` left unread (the feature reads other values
  /// than the ones given).
  ///
  /// - Parameters:
  ///   - action: The action to send.
  ///   - reads: The values its reduction reads, in order.
  ///   - updateStateToExpectedResult: Mutates the state from before the action into what it
  ///     should be after. Omit it when the action should not change the state.
  ///   - location: Where a failure is reported; the caller's line by default.
  /// - Returns: The store's task for the action, to await or inspect.
  @discardableResult
  public func send(
    _ action: Action,
    reading reads: [RecordedRead],
    assert updateStateToExpectedResult: ((inout State) throws -> Void)? = nil,
    sourceLocation location: SourceLocation = #_sourceLocation
  ) async -> StoreTask {
    let readTape = debuggerContext as? ReadTape
    guard let tape = readTape, tape.isInUse else {
      fail(
        readTape == nil
          ? "send(_:reading:) feeds reads to a test store of a registered feature, TestStore(feature:in:); "
            + "this one was made from a reducer, which reads nothing through the debugger: \(describe(action)) was sent unfed"
          : "send(_:reading:) feeds reads to a reducer that records them, and this feature's does not: register it "
            + "with controlled(by:) or Feature(…, dependencies:, …); \(describe(action)) was sent unfed",
        at: location)
      return await send(action, reducing: { $0() }, assert: updateStateToExpectedResult, at: location)
    }
    for read in reads where read.json.isEmpty {
      fail("the read '\(read.name)' given to send(_:reading:) has no value: it could not be encoded as JSON", at: location)
    }
    var unread: [RecordedRead] = []
    let task = await send(
      action,
      reducing: { reduce in
        let fed = tape.feeding(reads.filter { !$0.json.isEmpty }, during: reduce)
        unread = fed.unread
        return fed.result
      },
      assert: updateStateToExpectedResult, at: location)
    if !unread.isEmpty {
      fail(
        "\(describe(action)) did not read \(unread.count) of the values given to it: "
          + unread.map { "\($0.name) \($0.json)" }.joined(separator: ", "),
        at: location)
    }
    return task
  }
}
