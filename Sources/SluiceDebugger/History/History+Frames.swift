extension History {
  /// What the history keeps of the state after one entry, when states are kept as patches.
  @usableFromInline
  enum Frame {
    /// The whole state.
    case whole(State)
    /// The writes that turn the state after the entry before into this one.
    case patch(StatePatch)
  }

  /// The frame for `state`, the state after the entry whose state before is `previous`,
  /// when states are kept as patches: a patch, or the whole state once the patches since
  /// the last whole one weigh as much as it does (so whole copies take at most about as
  /// much memory as the patches between them, and a lookup applies a bounded run of
  /// patches).
  @usableFromInline
  mutating func frame(for state: State, after previous: State) -> Frame {
    let (patch, replacesRoot) = StatePatchBuilder.patch(from: previous, to: state)
    if replacesRoot || patchWeightSinceWhole + patch.weight > wholeStateWeight {
      wholeStateWeight = StorageWeight.of(state)
      patchWeightSinceWhole = 0
      return .whole(state)
    }
    patchWeightSinceWhole += patch.weight
    return .patch(patch)
  }

  /// Records `state` as the state after the entry just appended, when states are kept as
  /// patches.
  @usableFromInline
  mutating func appendPatchedFrame(for state: State) {
    frames.append(frame(for: state, after: lastState ?? base))
    lastState = state
  }

  /// The state after the entry at `position` in `frames`, rebuilt from the last whole
  /// state at or before it and the patches since.
  @usableFromInline
  func reconstructState(atPosition position: Int) -> State {
    var start = position
    while start >= 0, case .patch = frames[start] { start -= 1 }
    var state: State
    if start >= 0, case .whole(let whole) = frames[start] {
      state = whole
    } else {
      state = base
    }
    var next = start + 1
    while next <= position {
      if case .patch(let patch) = frames[next] { patch.apply(to: &state) }
      next += 1
    }
    return state
  }

  /// Forgets the cached last state and the patch weight after a change to the frames'
  /// end (a truncation), and finds them again.
  mutating func refreshLastState() {
    guard !keepsWholeStates else { return }
    lastState = frames.isEmpty ? nil : reconstructState(atPosition: frames.count - 1)
    patchWeightSinceWhole = 0
    for frame in frames.reversed() {
      guard case .patch(let patch) = frame else { break }
      patchWeightSinceWhole += patch.weight
    }
  }
}

extension History {
  /// Reads the states after entries, cheaply when each is the one after the last read (or
  /// the same again): the next is built from it with one frame, where a lookup of its own
  /// would start again from the last whole state. For walks over many entries (a save,
  /// an export, a search through the changes).
  struct StateCursor {
    let history: History
    private var current: (index: Int, state: State)?

    init(_ history: History) {
      self.history = history
    }

    /// The state after entry `index`, as ``History/state(after:)`` gives it.
    mutating func state(after index: Int) -> State {
      if let current, current.index == index { return current.state }
      let state: State
      if !history.keepsWholeStates, current?.index == index - 1, index >= history.firstIndex,
        index <= history.lastIndex, var next = current.take()?.state
      {
        // Moved out, not copied: unless the caller still holds the state it was last given,
        // the patch writes in place instead of copying every array it touches.
        switch history.frames[index - history.firstIndex] {
        case .whole(let whole): next = whole
        case .patch(let patch): patch.apply(to: &next)
        }
        state = next
      } else {
        state = history.state(after: index)
      }
      current = (index, state)
      return state
    }

    /// The states before and after entry `index`: the second built from the first.
    mutating func states(around index: Int) -> (before: State, after: State) {
      let before = state(after: index - 1)
      return (before, state(after: index))
    }
  }

  /// A cursor over this history's states.
  var stateCursor: StateCursor { StateCursor(self) }

  /// The states before and after entry `index`: the second built from the first.
  func states(around index: Int) -> (before: State, after: State) {
    var states = stateCursor
    return states.states(around: index)
  }
}
