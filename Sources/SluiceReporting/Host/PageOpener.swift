import SluiceDebugger

/// What a host that can serve the session's timeline page (`sluice serve`, the shell, the
/// shell of `sluice attach`) does for `ui`: serves it, if it is not served yet, and gives its
/// address. A ``CommandHost`` holds one.
@MainActor
package struct PageOpener {
  /// Serves the page and gives its address, with its token: `http://127.0.0.1:PORT/?token=…`.
  /// Its argument says whether the user asked that pages may read and write files
  /// (`ui --allow-files`): once asked, pages opened from then on may.
  package let open: @MainActor (_ allowingFiles: Bool) async -> Result<String, DebugError>

  /// A host that opens the page with `open`.
  package init(open: @escaping @MainActor (_ allowingFiles: Bool) async -> Result<String, DebugError>) {
    self.open = open
  }

  /// What `ui` says where no host serves the page.
  static let unavailable =
    "`ui` serves the page from a shell (`sluice`, `sluice serve` or `sluice attach` on a terminal); a script run cannot"
}
