import Sluice

// Every usual place to create a store, written as users write it: no `isolation:` argument
// but where an actor's property needs one. If one of these forms stops compiling, the test
// suite does not build. `StoreCreationFormTests` checks which actor each store took.

/// The feature every form creates.
struct Tally: Reducer {
  func reduce(into state: inout Int, action: Int) -> Effect<Int> {
    state += action
    return .none
  }
}

/// A store as the initial value of a stored property of a main-actor class: the most common
/// way to hold one.
@MainActor final class TallyModel {
  let store = Store(initialState: 0, reducer: Tally())
  var replaceable = Store(initialState: 0, reducer: Tally())
  lazy var lazyStore = Store(initialState: 0, reducer: Tally())
  static let shared = Store(initialState: 0, reducer: Tally())
}

/// A store in a stored property of a main-actor struct.
@MainActor struct TallyHolder {
  let store = Store(initialState: 0, reducer: Tally())
}

/// SwiftUI's shape, without SwiftUI: a main-actor protocol that a view struct conforms to,
/// and a property wrapper that keeps the store, as `@State` does.
@MainActor protocol ViewShape {}

@propertyWrapper struct Kept<Value> {
  var wrappedValue: Value
}

struct TallyView: ViewShape {
  @Kept var store = Store(initialState: 0, reducer: Tally())
  let other = Store(initialState: 0, reducer: Tally())
}

/// A store made in a main-actor function and a main-actor initializer, with middleware in a
/// trailing closure too.
@MainActor func makeTallyStore() -> Store<Int, Int> {
  Store(initialState: 0, reducer: Tally())
}

@MainActor final class TallyController {
  let store: Store<Int, Int>
  let withMiddleware: Store<Int, Int>

  init() {
    store = Store(initialState: 0, reducer: Tally())
    withMiddleware = Store(initialState: 0, reducer: Tally()) {
      Middleware<Int, Int>(name: "quiet") { _, _ in .none }
    }
  }
}

/// A store inside an actor's method, and in an actor's lazy property with `isolation: self`.
actor TallyService {
  lazy var store = Store(initialState: 0, reducer: Tally(), isolation: self)

  func total(adding numbers: [Int]) -> Int {
    let local = Store(initialState: 0, reducer: Tally())
    for number in numbers { local.send(number) }
    return local.state
  }

  func localStoreIsMine() -> Bool {
    let local = Store(initialState: 0, reducer: Tally())
    return local.isolation === self
  }

  func propertyStoreIsMine() -> Bool {
    store.isolation === self
  }
}

/// A store in a function isolated to an actor it is given.
func makeTallyStore(on actor: isolated TallyService) -> Store<Int, Int> {
  Store(initialState: 0, reducer: Tally())
}

/// Where no actor is known (a `nonisolated` synchronous function), the store takes the main
/// actor on the main thread and stops the program anywhere else.
nonisolated func makeTallyStoreWithoutActor() -> Store<Int, Int> {
  Store(initialState: 0, reducer: Tally())
}
