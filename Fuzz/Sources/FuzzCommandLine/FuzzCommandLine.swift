import CFuzzDriver
import SluiceDebugger
import SluiceReporting

/// The program's entry point (see CFuzzDriver.h).
@_cdecl("FuzzCommandLine_main")
func fuzzCommandLineMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
  SluiceFuzzMain(argc, argv, fuzzCommandLine)
}

/// One line of the command language through the parser, and the line as a script (lines
/// split, comments removed): any bytes give a command or an error with a column.
func fuzzCommandLine(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  guard let data, size > 0 else { return 0 }
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let script = ScriptSource(name: "fuzz", bytes: bytes)
  let parser = CommandParser()
  for line in script.lines {
    do {
      _ = try parser.parse(line)
    } catch {
      // The column points into the line (or just past its end).
      if error.column < 1 || error.column > line.count + 1 {
        fatalError("column \(error.column) outside a line of \(line.count) characters: \(error)")
      }
    }
  }
  return 0
}
