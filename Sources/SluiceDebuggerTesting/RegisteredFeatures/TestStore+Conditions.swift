import Sluice
import SluiceDebugger
import SluiceTesting

extension TestStore {
  /// Whether the store's state satisfies `condition`, written as the debugger's conditions
  /// are (`count < 0`, `todos[0].title == "Milk"`, `tags contains "home"`): how a test
  /// exported from a `shrink` asserts that the failure it was shrunk for does not happen.
  ///
  /// ```swift
  /// #expect(try !store.stateSatisfies("count < 0"))
  /// ```
  ///
  /// A path that leads nowhere in this state (a `nil` on the way, an element not there)
  /// does not satisfy it.
  ///
  /// - Throws: When the condition does not parse or reads `$action`, or its path can lead nowhere in any state
  ///   of this type, or its value is not of the type found there.
  public func stateSatisfies(_ condition: String) throws(DebugError) -> Bool {
    try StateCondition(parsingAboutTheState: condition, "a test asks about the state").holds(in: state)
  }
}
