import Foundation
import Testing

@testable import SluiceAgent
@testable import SluiceAgentTransport

@Suite struct SlowReaderTests {
  @Test func aClientThatStopsReadingLosesLinesNotTheSendersTime() async throws {
    let temporary = try TemporaryFolder()
    let handler = RecordingHandler()
    let server = try await startServer(in: temporary, handler: handler) {
      $0.droppedNotice = { #"{"event":"eventsDropped","count":\#($0)}"# }
    }
    let reader = try TestClient(unixPath: server.socketPath)
    #expect(await eventually { handler.clients.count == 1 })
    let client = try #require(handler.clients.first)

    // The client reads nothing meanwhile: the loop ending at all is what shows send never blocks.
    let padding = String(repeating: "x", count: 300)
    let total = 100_000
    for index in 0..<total { client.send("line \(index) \(padding)") }
    let dropped = client.droppedLineCount
    #expect(dropped > 0)

    // Every line arrives, or is counted in a notice in its place, and in order.
    var delivered = 0
    var noticed = 0
    var lastIndex = -1
    var inOrder = true
    while delivered + noticed < total, let line = try await reader.readLine() {
      let noticePrefix = #"{"event":"eventsDropped","count":"#
      if line.hasPrefix(noticePrefix) {
        noticed += Int(line.dropFirst(noticePrefix.count).dropLast()) ?? 0
      } else {
        let index = Int(line.split(separator: " ")[1]) ?? -1
        inOrder = inOrder && index > lastIndex
        lastIndex = index
        delivered += 1
      }
    }
    #expect(delivered + noticed == total)
    #expect(noticed == dropped)
    #expect(inOrder)
    #expect(lastIndex <= total - 1)

    client.send("after")
    #expect(try await reader.readLine() == "after")
    await server.stop()
  }

  @Test func theBufferKeepsLinesUpToItsBoundThenCountsAndNotices() {
    var buffer = OutboundBuffer(lineLimit: 2, byteLimit: 1000)
    for line in ["a", "b", "c", "d"] { buffer.append(line) }
    #expect(buffer.popFirst() == .line("a"))
    buffer.append("e")
    #expect(buffer.popFirst() == .line("b"))
    #expect(buffer.popFirst() == .dropped(count: 2))
    #expect(buffer.popFirst() == .line("e"))
    buffer.append("f")
    buffer.append("g")
    buffer.append("h")
    #expect(buffer.popFirst() == .line("f"))
    #expect(buffer.popFirst() == .line("g"))
    // Drained: the count goes out without waiting for another line.
    #expect(buffer.popFirst() == .dropped(count: 1))
    #expect(buffer.popFirst() == nil)
    #expect(buffer.droppedTotal == 3)
  }

  @Test func theBufferIsBoundInBytesToo() {
    var buffer = OutboundBuffer(lineLimit: 100, byteLimit: 8)
    buffer.append("abc")  // 4 bytes with its newline
    buffer.append("def")  // 8
    buffer.append("g")  // would be 10
    #expect(buffer.droppedTotal == 1)
  }
}
