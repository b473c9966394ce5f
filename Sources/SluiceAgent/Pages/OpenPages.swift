import SluiceAgentTransport
import SluiceDebugger
import SluiceReporting

/// The browser pages an attached client opened on the program (`ui` in `sluice attach`):
/// each answered by a ``PageConnection`` of its own, beside the client's runner, over the
/// client's one connection (``PageEnvelope`` in, ``PageReply`` out).
///
/// A page's lines wait in a queue of their own, never in the client's transport: the
/// client's next line (Ctrl-C's `pause`) gets through while a page's command runs.
@MainActor
final class OpenPages {
  /// The most pages open at once on one client; more are refused with an error.
  static let limit = 8

  private struct Page {
    let connection: PageConnection
    let lines: AsyncStream<String>.Continuation
    let delivery: Task<Void, Never>
  }

  private let debugger: Debugger
  private let client: AgentClient
  private var pages: [Int: Page] = [:]

  init(debugger: Debugger, client: AgentClient) {
    self.debugger = debugger
    self.client = client
  }

  /// Acts on an envelope the client sent; a malformed one is answered with an error event
  /// to the client itself, since it names no page that could be told.
  func receive(_ line: String) {
    let envelope: PageEnvelope
    do {
      envelope = try PageEnvelope(parsing: line)
    } catch {
      client.send(JSONEventWriter().line(forError: error.message, at: nil))
      return
    }
    switch envelope {
    case .open(let page, let address, let allowsFiles): open(page, at: address, allowingFiles: allowsFiles)
    case .line(let page, let text):
      guard let open = pages[page] else { return refuse(page, because: "page \(page) is not open") }
      open.lines.yield(text)
    case .close(let page): close(page)
    }
  }

  /// Opens `page`; `allowingFiles` as the attached user asked at their terminal
  /// (`ui --allow-files`): the client, authenticated by the token, decides, never the page.
  private func open(_ page: Int, at address: String, allowingFiles: Bool) {
    guard pages[page] == nil else { return refuse(page, because: "page \(page) is open already") }
    guard pages.count < Self.limit else {
      return refuse(page, because: "\(Self.limit) pages are open on this program already; close one to open another")
    }
    let connection = PageConnection(debugger: debugger, pageAddress: address, allowsFiles: allowingFiles) { [client] line in
      client.send(PageReply.event(page: page, line).text)
    }
    // Unbounded, as the page's socket on the client's side: the page waits for its answers.
    let (lines, sink) = AsyncStream<String>.makeStream()
    connection.start()
    let delivery = Task {
      for await line in lines { await connection.deliver(line) }
    }
    pages[page] = Page(connection: connection, lines: sink, delivery: delivery)
  }

  /// Tells page `page` why it is not answered, and that the client may close it.
  private func refuse(_ page: Int, because reason: String) {
    client.send(PageReply.event(page: page, JSONEventWriter().line(forError: reason, at: nil)).text)
    client.send(PageReply.closed(page: page).text)
  }

  private func close(_ page: Int) {
    guard let open = pages.removeValue(forKey: page) else { return }
    open.lines.finish()
    Task { await open.connection.end() }
  }

  /// The client is gone: every page stops.
  func closeAll() async {
    let open = pages.values
    pages.removeAll()
    for page in open {
      page.lines.finish()
      await page.connection.end()
      await page.delivery.value
    }
  }
}
