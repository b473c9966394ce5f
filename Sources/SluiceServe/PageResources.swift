import Foundation

/// The page, one document: the HTML with its style sheet and its script written into it,
/// read once from the package's resources when the server starts. Nothing is fetched at run
/// time.
///
/// One document, so that the token in the page's address is all a request needs: a script
/// or style sheet asked for separately would come without it (a browser does not carry the
/// page's query to the files it loads), and a cookie, the usual carrier, would go to every
/// port of 127.0.0.1.
///
/// The script is ES modules, one concern each (`Page/modules/log.js`, `jobs.js`, …), which
/// import each other by the bare names `sluice/log`, `sluice/jobs`. The browser links them
/// itself: the page carries an import map that names each module's text as a `data:`
/// address, so no bundler rewrites them and each keeps its name in the browser's tools.
struct PageResources: Sendable {
  /// The page's bytes, style sheet and modules included.
  let page: Data
  /// Its media type.
  let mediaType = "text/html; charset=utf-8"

  /// The element in `index.html` that the modules' import map replaces.
  static let importMapSlot = #"<script type="importmap" data-modules="modules"></script>"#
  /// The prefix of every module's name in the import map: `sluice/log` is `modules/log.js`.
  static let modulePrefix = "sluice/"

  /// Reads the page's files from the package's `Page` folder, writes the style sheet into the
  /// HTML in place of the element that links it, and the modules' import map in place of its
  /// slot.
  ///
  /// - Throws: ``ServeError`` naming a file that is missing, or what it holds that cannot be
  ///   written into the page.
  init(bundle: Bundle = .module) throws(ServeError) {
    let folder = bundle.resourceURL?.appendingPathComponent("Page")
    var html = try Self.read("index.html", in: folder, of: bundle)
    let style = try Self.read("page.css", in: folder, of: bundle)
    // It would end its element early: never so in the package's own style sheet.
    guard !style.lowercased().contains("</style") else {
      throw ServeError("page.css in \(bundle.bundlePath) closes its own element")
    }
    let modules = try Self.modules(in: folder?.appendingPathComponent("modules"), of: bundle)
    for (slot, filled) in [
      (#"<link rel="stylesheet" href="page.css">"#, "<style>\n\(style)</style>"),
      (Self.importMapSlot, #"<script type="importmap">"# + Self.importMap(of: modules) + "</script>"),
    ] {
      guard let range = html.range(of: slot) else {
        throw ServeError("index.html in \(bundle.bundlePath) has no \(slot)")
      }
      html.replaceSubrange(range, with: filled)
    }
    page = Data(html.utf8)
  }

  /// The modules in `folder`, by name (`log` for `log.js`), each with its text.
  private static func modules(in folder: URL?, of bundle: Bundle) throws(ServeError) -> [(name: String, text: String)] {
    let names = folder.flatMap { try? FileManager.default.contentsOfDirectory(atPath: $0.path) } ?? []
    let modules = names.filter { $0.hasSuffix(".js") }.sorted()
    guard !modules.isEmpty else { throw ServeError("the page's modules are missing from \(bundle.bundlePath)") }
    var read: [(name: String, text: String)] = []
    for file in modules {
      read.append((String(file.dropLast(".js".count)), try Self.read(file, in: folder, of: bundle)))
    }
    return read
  }

  /// The import map naming each module's text as a `data:` address (base64, so nothing in
  /// it can end the element it sits in), each ending with the `sourceURL` the browser's tools
  /// show it by.
  static func importMap(of modules: [(name: String, text: String)]) -> String {
    var imports: [String: String] = [:]
    for (name, text) in modules {
      let source = text + "\n//# sourceURL=\(modulePrefix)\(name).js\n"
      imports[modulePrefix + name] = "data:text/javascript;base64," + Data(source.utf8).base64EncodedString()
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    // A dictionary of strings always encodes.
    let json = (try? encoder.encode(["imports": imports])) ?? Data("{}".utf8)
    return String(decoding: json, as: UTF8.self)
  }

  private static func read(_ name: String, in folder: URL?, of bundle: Bundle) throws(ServeError) -> String {
    guard let url = folder?.appendingPathComponent(name), let contents = try? String(contentsOf: url, encoding: .utf8)
    else {
      throw ServeError("the page's file \(name) is missing from \(bundle.bundlePath)")
    }
    return contents
  }
}
