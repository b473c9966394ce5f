import Foundation
import PageClient
import SluiceServe
import Testing

/// The page's script is ES modules the browser links itself, through the import map the
/// server writes into the page (issue 48): every module is in it, every import names one of
/// them, and what the modules ask the server is built from words, never from pasted text.
extension PageServerTests {
  /// The modules a served page carries, by the name they are imported by (`sluice/log`).
  static func modules(of body: String) throws -> [String: String] {
    let open = #"<script type="importmap">"#
    let start = try #require(body.range(of: open), "the page has an import map")
    let end = try #require(body.range(of: "</script>", range: start.upperBound..<body.endIndex))
    let map = try JSONSerialization.jsonObject(with: Data(body[start.upperBound..<end.lowerBound].utf8))
    let imports = try #require((map as? [String: Any])?["imports"] as? [String: String])
    let prefix = "data:text/javascript;base64,"
    return try imports.mapValues { address in
      #expect(address.hasPrefix(prefix), "\(address.prefix(40))")
      let data = try #require(Data(base64Encoded: String(address.dropFirst(prefix.count))))
      return String(decoding: data, as: UTF8.self)
    }
  }

  /// The page a server serves, and its modules.
  private func servedPage() async throws -> (page: (status: Int, head: String, body: String), modules: [String: String]) {
    let server = try await start()
    defer { Task { await server.stop() } }
    let token = try Self.token(of: server)
    let port = server.port
    let page = try await offMainActor { try LoopbackClient(port: port).request("/?token=" + token) }
    return (page, try Self.modules(of: page.body))
  }

  @Test func thePageCarriesItsModulesAndEveryImportNamesOne() async throws {
    let (page, modules) = try await servedPage()
    for concern in ["main", "connection", "log", "tree", "entry", "jobs", "cycles", "breakpoints", "slider"] {
      #expect(modules["sluice/" + concern] != nil, "no module sluice/\(concern) in \(modules.keys.sorted())")
    }
    #expect(page.body.contains(#"<script type="module">import "sluice/main";</script>"#))
    #expect(modules["sluice/connection"]?.contains("new WebSocket") == true)
    let importPattern = try Regex(#"from "([^"]+)""#)
    for (name, text) in modules {
      #expect(text.hasSuffix("//# sourceURL=\(name).js\n"), "\(name) keeps its name in the browser's tools")
      for match in text.matches(of: importPattern) {
        let imported = String(text[match.output[1].range!])
        #expect(modules[imported] != nil, "\(name) imports \(imported), which is no module of the page")
      }
    }
  }

  /// Every request the page sends is a command's name and its words (`{"command": "log",
  /// "arguments": […]}`): no module builds a command by putting text into a string.
  @Test func thePageAsksOnlyInWords() async throws {
    let modules = try await servedPage().modules
    let connection = try #require(modules["sluice/connection"])
    #expect(connection.contains("JSON.stringify({ id, command: name, arguments: words })"))
    let interpolatedAsk = try Regex(#"ask\(\s*`"#)
    for (name, text) in modules {
      #expect(text.firstMatch(of: interpolatedAsk) == nil, "\(name) asks with a template string")
    }
  }
}
