import Foundation
import JSONCheck
import SluiceDAP
import Testing

/// The protocol's framing as editors send it: `Content-Length` counts bytes, bodies arrive
/// split or together, and a stream that breaks the framing is refused before it is buffered.
@Suite struct FrameReaderTests {
  private func frame(_ body: String) -> [UInt8] {
    framed(Array(body.utf8))
  }

  @Test func aLengthCountsBytesNotCharacters() {
    let body = #"{"text":"é → 🚀"}"#
    #expect(body.utf8.count > body.count)
    var reader = FrameReader()
    #expect(reader.take(frame(body)) == [.body(Array(body.utf8))])
  }

  @Test func aFrameSplitAcrossReadsComesWholeOnceItsLastByteArrives() {
    let bytes = frame(#"{"seq":1,"text":"ü"}"#)
    var reader = FrameReader()
    var items: [FrameReader.Item] = []
    for byte in bytes { items += reader.take([byte]) }
    #expect(items == [.body(Array(#"{"seq":1,"text":"ü"}"#.utf8))])
    #expect(reader.endOfStreamProblem == nil)
  }

  @Test func twoFramesInOneReadAreTwoBodies() {
    var reader = FrameReader()
    #expect(reader.take(frame("{\"a\":1}") + frame("{\"b\":2}")) == [.body(Array("{\"a\":1}".utf8)), .body(Array("{\"b\":2}".utf8))])
  }

  @Test func otherHeadersAreSkippedAndTheNameIsCaseInsensitive() {
    var reader = FrameReader()
    let bytes = Array("Content-Type: application/json\r\ncontent-length: 2\r\n\r\n{}".utf8)
    #expect(reader.take(bytes) == [.body(Array("{}".utf8))])
  }

  @Test(arguments: [
    ("Content-Length 5\r\n\r\n", "without a colon"),
    ("Content-Type: json\r\n\r\n", "without Content-Length"),
    ("Content-Length: five\r\n\r\n", "not a count of bytes"),
    ("Content-Length: -1\r\n\r\n", "not a count of bytes"),
    ("Content-Length: 99999999999\r\n\r\n", "more than"),
  ])
  func aBadHeaderBreaksTheStreamSayingWhy(header: String, says: String) {
    var reader = FrameReader()
    let items = reader.take(Array(header.utf8) + Array("{}".utf8))
    guard case .broken(let reason)? = items.last else {
      Issue.record("no broken item: \(items)")
      return
    }
    #expect(reason.contains(says), "\(reason)")
    // Nothing after a broken framing is read.
    #expect(reader.take(frame("{}")).isEmpty)
  }

  @Test func aHeaderWithNoEndIsRefusedOnceItIsLongerThanAnyHeader() {
    var reader = FrameReader()
    let items = reader.take([UInt8](repeating: UInt8(ascii: "x"), count: FrameReader.maximumHeaderBytes + 1))
    #expect(items.count == 1)
    if case .broken(let reason)? = items.first { #expect(reason.contains("header longer")) }
  }

  @Test func endingInsideABodyOrAHeaderIsSaid() {
    var inBody = FrameReader()
    #expect(inBody.take(Array("Content-Length: 10\r\n\r\n{\"a\"".utf8)).isEmpty)
    #expect(inBody.endOfStreamProblem == "the stream ended 4 bytes into a body of 10")
    var inHeader = FrameReader()
    #expect(inHeader.take(Array("Content-Len".utf8)).isEmpty)
    #expect(inHeader.endOfStreamProblem == "the stream ended inside a header")
  }
}

/// Scripts/test fetches the protocol's schema: when it names one, it is read and defines
/// the messages the tests hold the adapter's to, so a broken download cannot pass unseen.
@Suite struct ProtocolSchemaTests {
  @Test(.enabled(if: ProcessInfo.processInfo.environment["SLUICE_DAP_SCHEMA"] != nil, "Scripts/test fetches the schema"))
  func theSchemaIsReadAndDefinesTheMessages() throws {
    let schema = try #require(JSONSchemaCheck.debugAdapterProtocol, "SLUICE_DAP_SCHEMA names no readable schema")
    let stopped = try JSONTree(parsing: #"{"seq":1,"type":"event","event":"stopped","body":{"reason":"step","threadId":1}}"#)
    #expect(schema.debugAdapterProblems(of: stopped).isEmpty)
    // A stopped event without its reason is no stopped event.
    let broken = try JSONTree(parsing: #"{"seq":1,"type":"event","event":"stopped","body":{"threadId":1}}"#)
    #expect(!schema.debugAdapterProblems(of: broken).isEmpty)
  }
}
