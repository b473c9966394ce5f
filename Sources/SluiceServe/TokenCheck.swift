import Hummingbird

/// Refuses every request that does not show the page's token, in its address (`?token=…`)
/// or in the cookie the page got with it, with 403, before any route: the page, its files
/// and the WebSocket's upgrade alike.
struct TokenCheck<Context: RequestContext>: RouterMiddleware {
  let token: PageToken

  func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
    guard token.admits(target: request.uri.description, cookies: request.headers[.cookie]) else {
      return Response(
        status: .forbidden, headers: [.contentType: "text/plain; charset=utf-8"],
        body: .init(byteBuffer: ByteBuffer(string: "sluice: this page needs the token its address was printed with\n")))
    }
    return try await next(request, context)
  }
}
