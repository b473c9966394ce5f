import Foundation
import SluiceShell
import Testing

#if canImport(Glibc)
  import Glibc
#endif

@Suite struct PlainLineReaderTests {
  /// A reader on a pipe holding `bytes`, already closed for writing.
  private func reader(for bytes: [UInt8]) -> PlainLineReader {
    var ends: [Int32] = [0, 0]
    _ = pipe(&ends)
    let writer = ends[1]
    // Written on another thread: a long input would fill the pipe before anyone reads it.
    let thread = Thread {
      bytes.withUnsafeBytes { buffer in
        var offset = 0
        while offset < buffer.count {
          let written = write(writer, buffer.baseAddress! + offset, buffer.count - offset)
          if written <= 0 { break }
          offset += written
        }
      }
      close(writer)
    }
    thread.start()
    return PlainLineReader(fileDescriptor: ends[0])
  }

  private func readAll(_ reader: PlainLineReader) async -> [LineInput] {
    var inputs: [LineInput] = []
    while true {
      let input = await reader.readLine(prompt: Prompt("unused> "))
      inputs.append(input)
      if input == .endOfInput { return inputs }
    }
  }

  @Test func splitsLinesAndKeepsTheLastOneWithoutABreak() async {
    let inputs = await readAll(reader(for: Array("send .increment\r\nstate\n\nprint count".utf8)))
    #expect(inputs == [.line("send .increment"), .line("state"), .line(""), .line("print count"), .endOfInput])
  }

  @Test func marksBytesThatAreNotUTF8() async {
    let inputs = await readAll(reader(for: [0x73, 0xFF, 0x0A]))
    #expect(inputs == [.line("s\u{FFFD}"), .endOfInput])
  }

  @Test func readsAMegabyteLine() async {
    let long = String(repeating: "a", count: 1_048_576)
    let inputs = await readAll(reader(for: Array((long + "\nstate\n").utf8)))
    #expect(inputs == [.line(long), .line("state"), .endOfInput])
  }
}
