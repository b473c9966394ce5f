/// The memory a store keeps its state in.
///
/// Reductions mutate `pointer.pointee` in place: a class property would cost a dynamic
/// exclusivity check on every access, and the store's queue already guarantees that only one
/// reduction runs at a time, on the main actor.
final class StateStorage<State> {
  let pointer: UnsafeMutablePointer<State>

  init(_ initialState: State) {
    pointer = .allocate(capacity: 1)
    pointer.initialize(to: initialState)
  }

  deinit {
    pointer.deinitialize(count: 1)
    pointer.deallocate()
  }
}
