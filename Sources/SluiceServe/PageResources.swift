import Foundation

/// The page, one document: the HTML with its style sheet and script written into it, read
/// once from the package's resources when the server starts. Nothing is fetched at run time.
///
/// One document, so that the token in the page's address is all a request needs: a script
/// or style sheet asked for separately would come without it (a browser does not carry the
/// page's query to the files it loads), and a cookie, the usual carrier, would go to every
/// port of 127.0.0.1.
struct PageResources: Sendable {
  /// The page's bytes, script and style sheet included.
  let page: Data
  /// Its media type.
  let mediaType = "text/html; charset=utf-8"

  /// Reads the page's files from the package's `Page` folder, and writes the style sheet and
  /// the script into the HTML in place of the elements that link them.
  ///
  /// - Throws: ``ServeError`` naming a file that is missing, or what it holds that cannot be
  ///   written into the page.
  init(bundle: Bundle = .module) throws(ServeError) {
    var html = try Self.read("index.html", from: bundle)
    let style = try Self.read("page.css", from: bundle)
    let script = try Self.read("page.js", from: bundle)
    // Either would end its element early: never so in the package's own files.
    guard !style.lowercased().contains("</style"), !script.lowercased().contains("</script") else {
      throw ServeError("page.css or page.js in \(bundle.bundlePath) closes its own element")
    }
    for (link, inline) in [
      (#"<link rel="stylesheet" href="page.css">"#, "<style>\n\(style)</style>"),
      (#"<script src="page.js"></script>"#, "<script>\n\(script)</script>"),
    ] {
      guard let range = html.range(of: link) else {
        throw ServeError("index.html in \(bundle.bundlePath) has no \(link)")
      }
      html.replaceSubrange(range, with: inline)
    }
    page = Data(html.utf8)
  }

  private static func read(_ name: String, from bundle: Bundle) throws(ServeError) -> String {
    let url = bundle.resourceURL?.appendingPathComponent("Page").appendingPathComponent(name)
    guard let url, let contents = try? String(contentsOf: url, encoding: .utf8) else {
      throw ServeError("the page's file \(name) is missing from \(bundle.bundlePath)")
    }
    return contents
  }
}
