extension CommandInterpreter {
  /// A frame of the backtrace chosen with `frame`, `up` or `down`: `print` and `diff` look at
  /// the state after its entry until the program moves (a step, a send, a jump…), as gdb
  /// forgets the selected frame when the program resumes.
  struct FrameSelection {
    /// The session it was chosen in.
    let session: ObjectIdentifier
    /// The session's revision then: any action recorded since renumbers the frames.
    let revision: Int
    /// Its number in `bt`.
    let number: Int
    /// The frame.
    let frame: BacktraceFrame
  }

  /// The selected frame, while it still applies to the current session.
  var currentFrameSelection: FrameSelection? {
    guard let selection = frameSelection, let session = debugger.current,
      selection.session == ObjectIdentifier(session), selection.revision == session.files.revision
    else { return nil }
    return selection
  }

  /// `frame [N]`, `up [N]`, `down [N]`: selects a frame of the current backtrace.
  func selectFrame(_ move: Command.FrameMove) throws(DebugError) -> CommandResult {
    let session = try session()
    let backtrace = session.inspection.backtrace
    guard !backtrace.frames.isEmpty else { throw DebugError("no current action: the backtrace is empty") }
    let numbered = backtrace.numberedFrames
    let current = currentFrameSelection?.number ?? 0
    let outermost = numbered.last?.number ?? 0
    let target: Int
    switch move {
    case .current:
      target = current
    case .number(let number):
      target = number
    case .up(let count):
      guard current < outermost else { throw DebugError("frame \(current) is the outermost: the root of the chain") }
      target = Self.nearest(to: current + count, in: numbered.map(\.number), upwards: true)
    case .down(let count):
      guard current > 0 else { throw DebugError("frame 0 is the innermost") }
      target = Self.nearest(to: current - count, in: numbered.map(\.number), upwards: false)
    }
    guard let chosen = numbered.first(where: { $0.number == target }) else {
      if target <= outermost {
        throw DebugError(
          "frame \(target) is elided: `bt` shows frames 0–\(backtrace.frames.count - 1) and the root, frame \(outermost)")
      }
      throw DebugError("no frame \(target): the backtrace has frames 0–\(outermost)")
    }
    frameSelection = FrameSelection(
      session: ObjectIdentifier(session), revision: session.files.revision, number: chosen.number, frame: chosen.frame)
    return .frame(number: chosen.number, chosen.frame)
  }

  /// The shown frame number nearest `wanted`, not past the ends: `up 5` from frame 14 of a
  /// backtrace that elides frames 16–40 goes to the root.
  private static func nearest(to wanted: Int, in numbers: [Int], upwards: Bool) -> Int {
    if upwards { return numbers.first { $0 >= wanted } ?? numbers.last ?? 0 }
    return numbers.last { $0 <= wanted } ?? 0
  }

  /// The history entry whose state `print` shows: the selected frame's, or `nil` for the
  /// current state (no frame selected, or the frame of an action not yet reduced).
  var selectedEntry: Int? {
    currentFrameSelection?.frame.index
  }
}
