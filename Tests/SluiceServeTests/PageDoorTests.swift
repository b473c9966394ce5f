import Foundation
import PageClient
import SluiceServe
import Testing

/// Who gets in (issue 52, finding 1): cookies on 127.0.0.1 reach every port, and SameSite
/// counts every port as one site, so the page sets none; the WebSocket opens only for the
/// token itself, from the page's own origin, to the address it serves, at `/ws` exactly;
/// and a `Host` that is not that address (DNS rebinding) is refused for every request.
extension PageServerTests {
  @Test func thePageSetsNoCookieAndCarriesItsScriptAndStyleItself() async throws {
    let server = try await start()
    defer { Task { await server.stop() } }
    let token = try Self.token(of: server)
    let port = server.port
    let (page, script) = try await offMainActor {
      (try LoopbackClient(port: port).request("/?token=" + token), try LoopbackClient(port: port).request("/modules/main.js?token=" + token))
    }
    #expect(page.status == 200)
    #expect(!page.head.lowercased().contains("set-cookie"), "\(page.head)")
    #expect(try Self.modules(of: page.body)["sluice/connection"]?.contains("new WebSocket") == true, "the script is in the page")
    #expect(page.body.contains("<style>"), "the style sheet is in the page")
    #expect(!page.body.contains("data-modules") && !page.body.contains(#"href="page.css""#))
    // Nothing else is served: no file a request without the page's query could ask for.
    #expect(script.status == 404)
    // The page's address (its token) goes to no other site in a `Referer`, and no other
    // site frames the page.
    #expect(page.head.lowercased().contains("referrer-policy: no-referrer"), "\(page.head)")
    #expect(page.head.lowercased().contains("frame-ancestors 'none'"), "\(page.head)")
  }

  @Test func theUpgradeNeedsTheTokenItselfNotACookie() async throws {
    let server = try await start()
    defer { Task { await server.stop() } }
    let token = try Self.token(of: server)
    let port = server.port
    let upgrade = try await offMainActor {
      let page = try LoopbackClient(port: port).request("/?token=" + token)
      // The cookie the page set once (or one named as it was), with no token in the address.
      let setCookie = page.head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("set-cookie:") }
      let pair = setCookie.map { $0.dropFirst("set-cookie:".count).split(separator: ";")[0].trimmingCharacters(in: .whitespaces) }
      return try LoopbackClient(port: port).upgrade("/ws", headers: ["Origin: http://127.0.0.1:\(port)", "Cookie: " + (pair ?? "sluice-page-00000000=" + token)]).status
    }
    #expect(upgrade != 101)
  }

  @Test func theUpgradeNeedsThePagesOwnOriginAndAddress() async throws {
    let server = try await start()
    defer { Task { await server.stop() } }
    let token = try Self.token(of: server)
    let port = server.port
    let target = "/ws?token=" + token
    let (refused, admitted) = try await offMainActor {
      let foreign: [[String]] = [
        // No `Origin` (no browser page), another port's page, another name for the machine,
        // an opaque origin (a sandboxed frame, a file).
        [], ["Origin: http://127.0.0.1:\(port + 1)"], ["Origin: http://localhost:\(port)"], ["Origin: null"],
        ["Origin: https://127.0.0.1:\(port)"],
        // DNS rebinding: a page of evil.example whose name now resolves to 127.0.0.1.
        ["Host: evil.example:\(port)", "Origin: http://evil.example:\(port)"],
        ["Host: evil.example", "Origin: http://evil.example"],
        ["Host: localhost:\(port)", "Origin: http://localhost:\(port)"],
      ]
      let refused = try foreign.map { try LoopbackClient(port: port).upgrade(target, headers: $0).status }
      let admitted = try LoopbackClient(port: port).upgrade(target).status
      return (refused, admitted)
    }
    #expect(refused.allSatisfy { $0 != 101 }, "\(refused)")
    #expect(admitted == 101)
  }

  @Test func onlyWsItselfUpgrades() async throws {
    let server = try await start()
    defer { Task { await server.stop() } }
    let token = try Self.token(of: server)
    let port = server.port
    let statuses = try await offMainActor {
      try ["/wsanything?token=", "/ws/x?token=", "/ws.js?token=", "//ws?token=", "/WS?token="].map {
        try LoopbackClient(port: port).upgrade($0 + token).status
      }
    }
    #expect(statuses.allSatisfy { $0 != 101 }, "\(statuses)")
  }

  @Test func aHostThatIsNotThePagesAddressIsRefusedForEveryRequest() async throws {
    let server = try await start()
    defer { Task { await server.stop() } }
    let token = try Self.token(of: server)
    let port = server.port
    let statuses = try await offMainActor {
      try ["Host: evil.example:\(port)", "Host: evil.example", "Host: localhost:\(port)", "Host: 127.0.0.1"].map {
        try LoopbackClient(port: port).request("/?token=" + token, headers: [$0]).status
      }
    }
    #expect(statuses == [403, 403, 403, 403])
  }
}
