import Foundation

/// The page's files, resources of the package read once when the server starts: the
/// HTML, its style sheet and its script. Nothing is fetched at run time.
struct PageResources: Sendable {
  /// A file's bytes and its media type.
  struct File: Sendable {
    let contents: Data
    let mediaType: String
  }

  /// The files by the path the page asks for them by (`/`, `/page.js`).
  let files: [String: File]

  /// Reads the files from the package's `Page` folder.
  ///
  /// - Throws: ``ServeError`` naming a file that is missing.
  init(bundle: Bundle = .module) throws(ServeError) {
    let names = [("index.html", "/", "text/html; charset=utf-8"), ("page.css", "/page.css", "text/css; charset=utf-8"),
      ("page.js", "/page.js", "text/javascript; charset=utf-8")]
    var files: [String: File] = [:]
    for (name, path, mediaType) in names {
      let url = bundle.resourceURL?.appendingPathComponent("Page").appendingPathComponent(name)
      guard let url, let contents = try? Data(contentsOf: url) else {
        throw ServeError("the page's file \(name) is missing from \(bundle.bundlePath)")
      }
      files[path] = File(contents: contents, mediaType: mediaType)
    }
    self.files = files
  }
}
