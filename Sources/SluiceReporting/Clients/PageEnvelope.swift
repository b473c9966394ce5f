import Foundation
import SluiceDebugger

/// What an attached client sends the agent about a browser page (`ui` in `sluice attach`):
/// the page's conversation travels over the client's one connection, each line naming the
/// page by a number the client chose.
///
/// ```json
/// {"page":3,"open":"http://127.0.0.1:8123/?token=…"}
/// {"page":4,"open":"http://127.0.0.1:8123/?token=…","files":true}
/// {"page":3,"line":"{\"id\":1,\"command\":\"log from 1 50\"}"}
/// {"page":3,"close":true}
/// ```
///
/// `open` starts answering the page (`ui` typed on it gives that address); with `files`, the
/// page may run the commands that read or write files, as the user asked at the attached
/// terminal (`ui --allow-files`); without, it may not. `line` is a
/// request exactly as the page sent it; `close` says its socket closed. The agent answers
/// with ``PageReply`` lines. A line that starts with `{"page"` is an envelope, never a
/// command; an agent that takes envelopes says how many pages it keeps open at once in its
/// `hello` (`pages`).
package enum PageEnvelope: Equatable, Sendable {
  /// Page `page` opened at `address`; `allowsFiles`: it may read and write files.
  case open(page: Int, address: String, allowsFiles: Bool = false)
  /// Page `page` sent `line`.
  case line(page: Int, String)
  /// Page `page` closed.
  case close(page: Int)

  /// Whether `line` is an envelope rather than a request or a setting.
  package static func isEnvelope(_ line: String) -> Bool {
    line.hasPrefix(#"{"page""#)
  }

  /// The envelope as one line of JSON.
  package var text: String {
    switch self {
    case .open(let page, let address, let allowsFiles):
      #"{"page":\#(page),"open":"# + Self.quoted(address) + (allowsFiles ? #","files":true}"# : "}")
    case .line(let page, let line): #"{"page":\#(page),"line":"# + Self.quoted(line) + "}"
    case .close(let page): #"{"page":\#(page),"close":true}"#
    }
  }

  /// Reads an envelope.
  ///
  /// - Throws: ``DebugError`` saying what an envelope holds, and quoting the start of `line`.
  package init(parsing line: String) throws(DebugError) {
    let fields: Fields
    do {
      fields = try JSONDecoder().decode(Fields.self, from: Data(line.utf8))
    } catch {
      throw Self.malformed(line)
    }
    switch (fields.open, fields.line, fields.close) {
    case (let address?, nil, nil): self = .open(page: fields.page, address: address, allowsFiles: fields.files == true)
    case (nil, let text?, nil): self = .line(page: fields.page, text)
    case (nil, nil, true?): self = .close(page: fields.page)
    default: throw Self.malformed(line)
    }
  }

  private struct Fields: Decodable {
    var page: Int
    var open: String?
    var line: String?
    var close: Bool?
    var files: Bool?
  }

  private static func malformed(_ line: String) -> DebugError {
    DebugError(
      #"a page envelope is {"page": N, "open": ADDRESS}, {"page": N, "line": REQUEST} or {"page": N, "close": true}, not: "#
        + line.prefix(200))
  }

  private static func quoted(_ text: String) -> String {
    JSONValue.string(text).serialized
  }
}

/// What the agent sends an attached client about a page it opened (``PageEnvelope``):
///
/// ```json
/// {"page":3,"event":{"event":"logEntries","version":1,"id":1,…}}
/// {"page":3,"closed":true}
/// ```
///
/// `event` is one event answering the page, as the protocol writes it to any client; `closed`
/// says the agent answers the page no more (it was refused): the client closes its socket.
package enum PageReply: Equatable, Sendable {
  /// One line of JSON events for page `page`.
  case event(page: Int, String)
  /// The agent answers page `page` no more.
  case closed(page: Int)

  /// The reply as one line: an event goes in as written, not encoded again.
  package var text: String {
    switch self {
    case .event(let page, let event): #"{"page":\#(page),"event":"# + event + "}"
    case .closed(let page): #"{"page":\#(page),"closed":true}"#
    }
  }

  /// Reads a line the agent wrote, without decoding the event it carries; `nil` for any
  /// line that is no page's.
  package init?(parsing line: String) {
    guard PageEnvelope.isEnvelope(line), line.hasSuffix("}") else { return nil }
    let afterPage = line.dropFirst(#"{"page":"#.count)
    let digits = afterPage.prefix { $0.isASCII && $0.isNumber }
    guard let page = Int(digits) else { return nil }
    let rest = afterPage.dropFirst(digits.count)
    if rest.hasPrefix(#","event":"#) {
      self = .event(page: page, String(rest.dropFirst(#","event":"#.count).dropLast()))
    } else if rest == #","closed":true}"# {
      self = .closed(page: page)
    } else {
      return nil
    }
  }
}
