import SluiceDebugger
import SluiceReporting

/// The shell's prompt: the feature in use and what its store is doing.
///
/// `(sluice counter)` while idle, `(sluice search ▶)` while jobs run, `(sluice checkout ⏸)`
/// while paused, and `(sluice cart @2/4 ⏸)` after a jump to entry 2 of 4, so the prompt
/// says when the state is not the latest; a command continued on further lines gets `…`
/// under it. Attached to a program, the program is named: `(sluice@shop cart ⏸)`.
public enum ShellPrompt {
  /// The prompt for `feature` (none yet: just `sluice`) with its store `status`, and where
  /// in the history the state is when a jump left the last entry (`travelled`: the entry
  /// and the last one), and the program the shell is attached to, if any.
  public static func main(
    feature: String?, status: SessionStatus?, travelled: (position: Int, last: Int)? = nil,
    attachedTo program: String? = nil, style: TerminalStyle
  ) -> Prompt {
    var inside = "sluice" + (program.map { "@" + $0 } ?? "")
    if let feature { inside += " " + feature }
    if let travelled { inside += " @\(travelled.position)/\(travelled.last)" }
    switch status {
    case .paused?: inside += " ⏸"
    case .running?: inside += " ▶"
    case .idle?, nil: break
    }
    let plain = "(\(inside)) "
    let shown = status == .paused ? style.apply(.yellow, to: "(\(inside))") : style.apply(.bold, to: "(\(inside))")
    return Prompt(shown + " ", plainText: plain)
  }

  /// The prompt for a store's `status`, as the hosted shell reads it from its debugger and
  /// the attached shell from the program's `status` events.
  public static func main(for status: ProtocolEvent.StoreStatus?, attachedTo program: String? = nil, style: TerminalStyle)
    -> Prompt
  {
    main(
      feature: status?.feature, status: status?.sessionStatus, travelled: status?.travelled, attachedTo: program,
      style: style)
  }

  /// The prompt for the next line of an unfinished command, as wide as `main`.
  public static func continuation(under main: Prompt, style: TerminalStyle) -> Prompt {
    let plain = String(repeating: " ", count: max(main.plainText.count - 2, 0)) + "… "
    return Prompt(style.apply(.dim, to: plain), plainText: plain, isContinuation: true)
  }
}
