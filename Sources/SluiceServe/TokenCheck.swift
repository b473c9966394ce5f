import Hummingbird

/// Refuses, with 403 and before any route, every request that is not for the page: one whose
/// `Host` is not the page's address (``PageAuthority``: DNS rebinding), or that does not
/// show the page's token in its own address (`?token=…`); no cookie stands in for it.
struct TokenCheck<Context: RequestContext>: RouterMiddleware {
  let token: PageToken
  let authority: PageAuthority

  func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
    guard authority.admits(host: request.head.authority) else {
      return Self.refusal("sluice: this page is served at \(authority.host ?? "127.0.0.1") only\n")
    }
    guard token.admits(request.uri) else {
      return Self.refusal("sluice: this page needs the token its address was printed with\n")
    }
    return try await next(request, context)
  }

  private static func refusal(_ text: String) -> Response {
    Response(
      status: .forbidden, headers: [.contentType: "text/plain; charset=utf-8"],
      body: .init(byteBuffer: ByteBuffer(string: text)))
  }
}
