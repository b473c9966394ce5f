#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import SluiceFiles

/// What `AgentDirectory.list(in:)` found in a runtime folder.
package struct AgentDirectoryScan: Sendable, Equatable {
  /// A discovery file that was not read, and why.
  package struct Skipped: Sendable, Equatable {
    package var file: String
    package var reason: String
  }

  /// The listings of programs that are running, by file name.
  package var live: [AgentListing] = []
  /// Files that are not listings: corrupt, too large, not regular files.
  package var skipped: [Skipped] = []
  /// The discovery files of programs no longer running, removed with their sockets.
  package var removed: [String] = []
}

/// The programs a runtime folder lists: what `sluice attach` offers.
package enum AgentDirectory {
  /// The listings in `folder` of processes that are alive. A listing whose process is gone is
  /// removed, and so is its socket if that is a socket in the same folder. Anything else that
  /// is not a readable listing is skipped and left alone.
  package static func list(in folder: AgentFolder) -> AgentDirectoryScan {
    var scan = AgentDirectoryScan()
    for name in listingNames(in: folder.path) {
      let path = folder.file(name)
      let bytes: [UInt8]
      do throws(FileError) {
        bytes = try RegularFile.contents(of: path, limit: DiscoveryFile.sizeLimit, followingLinks: false)
      } catch {
        scan.skipped.append(.init(file: path, reason: error.message))
        continue
      }
      guard let listing = AgentListing.decoded(from: bytes), listing.pid > 0 else {
        scan.skipped.append(.init(file: path, reason: "\(path) is not a discovery listing"))
        continue
      }
      if processIsAlive(listing.pid) {
        scan.live.append(listing)
      } else {
        removeStale(path, socket: listing.socket, folder: folder)
        scan.removed.append(path)
      }
    }
    return scan
  }

  /// The names of the `.json` files in `folder`, sorted; hidden ones (temporary files being
  /// written) left out.
  private static func listingNames(in folder: String) -> [String] {
    guard let directory = opendir(folder) else { return [] }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
        pointer.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: pointer.pointee)) {
          String(cString: $0)
        }
      }
      if name.hasSuffix(".json"), !name.hasPrefix(".") { names.append(name) }
    }
    return names.sorted()
  }

  /// Removes a dead process's listing, and its socket only if that is a socket in `folder`:
  /// a listing's word is never enough to delete a file anywhere else.
  private static func removeStale(_ path: String, socket: String, folder: AgentFolder) {
    unlink(path)
    let prefix = joinPath(folder.path, "")
    let inFolder = socket.hasPrefix(prefix) && !socket.utf8.dropFirst(prefix.utf8.count).contains(UInt8(ascii: "/"))
    if inFolder, let status = linkStatus(socket), status.st_mode & S_IFMT == S_IFSOCK {
      unlink(socket)
    }
  }
}

extension AgentDirectory {
  /// The listings in each of `folders`, as `list(in:)` finds them, together.
  package static func list(in folders: [AgentFolder]) -> AgentDirectoryScan {
    var scan = AgentDirectoryScan()
    for folder in folders {
      let found = list(in: folder)
      scan.live += found.live
      scan.skipped += found.skipped
      scan.removed += found.removed
    }
    return scan
  }
}
