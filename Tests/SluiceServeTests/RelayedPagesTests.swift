import SluiceServe
import Testing

/// The attach side of a page (`ui` in `sluice attach`): each page's lines go to the agent in
/// envelopes, and the agent's replies come back to their page, never to anyone else.
@Suite struct RelayedPagesTests {
  @Test func aPagesLinesGoOutInEnvelopesAndItsRepliesComeBackToItAlone() async throws {
    let (sent, sentSink) = AsyncStream<String>.makeStream()
    let pages = RelayedPages(sendLine: {
      sentSink.yield($0)
      return true
    })
    let (received, receivedSink) = AsyncStream<String>.makeStream()
    let (closes, closeSink) = AsyncStream<Void>.makeStream()
    let channel = await pages.openPage(
      address: "http://127.0.0.1:1/?token=t", allowsFiles: false, send: { receivedSink.yield($0) },
      close: { closeSink.yield() })
    await channel.deliver(#"{"id":1,"command":"log"}"#)

    // A line that is no page's is the shell's.
    #expect(!pages.route(#"{"event":"status","version":1,"feature":"counter"}"#))
    #expect(pages.route(#"{"page":1,"event":{"event":"changed","version":1,"feature":"counter"}}"#))
    // A page no one opened, and one the agent closed: a page's lines all the same, dropped.
    #expect(pages.route(#"{"page":2,"event":{"event":"changed","version":1}}"#))
    #expect(pages.route(#"{"page":1,"closed":true}"#))
    #expect(pages.route(#"{"page":1,"event":{"event":"changed","version":1}}"#))
    await channel.end()
    sentSink.finish()
    receivedSink.finish()
    closeSink.finish()

    #expect(await Array(sent) == [
      #"{"page":1,"open":"http://127.0.0.1:1/?token=t"}"#, #"{"page":1,"line":"{\"id\":1,\"command\":\"log\"}"}"#,
      #"{"page":1,"close":true}"#,
    ])
    #expect(await Array(received) == [#"{"event":"changed","version":1,"feature":"counter"}"#])
    #expect(await Array(closes).count == 1)
  }

  /// Issue 52, finding 1: whether a relayed page may touch files is the attached user's word
  /// (`ui --allow-files`), carried in the page's `open`; the agent decides on it.
  @Test func aPageAllowedFilesSaysSoInItsOpen() async throws {
    let (sent, sentSink) = AsyncStream<String>.makeStream()
    let pages = RelayedPages(sendLine: {
      sentSink.yield($0)
      return true
    })
    for allowsFiles in [false, true] {
      _ = await pages.openPage(address: "http://127.0.0.1:1/?token=t", allowsFiles: allowsFiles, send: { _ in }, close: {})
    }
    sentSink.finish()
    #expect(await Array(sent) == [
      #"{"page":1,"open":"http://127.0.0.1:1/?token=t"}"#, #"{"page":2,"open":"http://127.0.0.1:1/?token=t","files":true}"#,
    ])
  }
}

extension Array {
  /// The elements of `sequence`, once it ends.
  init<Source: AsyncSequence>(_ sequence: Source) async where Source.Element == Element, Source.Failure == Never {
    self = []
    for await element in sequence { append(element) }
  }
}
