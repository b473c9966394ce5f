import Dependencies
import Foundation
import Sluice
import SluiceDependencies
import Testing

/// `.dependency(\.key, value)` knows the key's name, and the reducers that override
/// dependencies say what they override, outermost first: what a failing test's session file
/// names.
@Suite struct DependencyOverrideNamesTests {
  struct Idle: Reducer {
    func reduce(into state: inout Int, action: Void) -> Effect<Void> { .none }
  }

  @Test func aKeyPathGivesTheKeysName() {
    #expect(Idle().dependency(\.uuid, .incrementing).dependencyOverrides == ["uuid"])
    #expect(Idle().dependency(\.date, .constant(Date(timeIntervalSince1970: 0))).dependencyOverrides == ["date"])
  }

  @Test func aKeyOfTheUsersOwnIsNamedByItsValuesTypeWhereTheKeyPathCannotNameIt() {
    let name = Idle().dependency(\.shelf, Shelf(count: 2)).dependencyOverrides.first
    // macOS names the property; Linux cannot, and names the value's type.
    #expect(name == "shelf" || name == "a key of type Shelf")
  }

  @Test func wrappersSayWhatTheyOverrideOutermostFirstAndAClosureIsUnnamed() {
    let reducer = Idle().dependency(\.uuid, .incrementing).dependencies { $0.date = .constant(.distantPast) }
    #expect(reducer.dependencyOverrides == [nil, "uuid"])
    #expect(Idle().dependencyOverrides.isEmpty)
  }
}

/// A client of the user's own, as a dependency key.
struct Shelf: Sendable {
  var count: Int
}

extension Shelf: DependencyKey {
  static let liveValue = Shelf(count: 0)
}

extension DependencyValues {
  var shelf: Shelf {
    get { self[Shelf.self] }
    set { self[Shelf.self] = newValue }
  }
}
