#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

import SluiceFiles

/// This program's own discovery file, `<name>.json` beside its socket: written when the server
/// starts, rewritten when its stores change, removed when it stops.
package struct DiscoveryFile: Sendable {
  /// The largest discovery file `list(in:)` reads; a listing is a few hundred bytes.
  package static let sizeLimit = 64 << 10

  package let path: String

  package init(path: String) { self.path = path }

  /// Writes `listing`, replacing the file whole.
  package func write(_ listing: AgentListing) throws(AgentError) {
    let bytes = try listing.encoded()
    do throws(FileError) {
      try AtomicFile.save(bytes, to: path, mode: .exactly(0o600))
    } catch {
      throw AgentError(error.message)
    }
  }

  /// Removes the file if it is there.
  package func remove() {
    unlink(path)
  }
}
