import SluiceDebugger
import SluiceReporting

/// Reads a breakpoint's `commands` list at gdb's `>` prompt, up to `end`: a line that does
/// not parse is refused and the list goes on; Ctrl-C or the end of input leaves the
/// breakpoint's commands as they were. The shell and the attached shell read lists alike.
@MainActor
struct CommandListInput {
  let reader: any LineReader
  let parser: CommandParser
  /// Shows what the reading says (how to end, a refused line).
  let show: ([RenderedLine]) -> Void

  /// The list's lines after `opening`, without `end`; `nil` when it was not finished.
  func read(after opening: CommandBlock) async -> [String]? {
    var block = opening
    show([RenderedLine(.plain, "type the commands, one per line; end with a line saying just `end`")])
    while true {
      switch await reader.readLine(prompt: Prompt(">", plainText: ">")) {
      case .line(let line):
        do {
          if try block.add(line, parser: parser) != nil { return block.lines }
        } catch {
          show([TextRenderer().errorLine(error.message, column: error.column)])
        }
      case .interrupted:
        show([RenderedLine(.plain, "commands not changed")])
        return nil
      case .endOfInput:
        show([TextRenderer().errorLine("input ended before `end`: the commands were not changed", column: nil)])
        return nil
      }
    }
  }
}
