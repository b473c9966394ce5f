#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import SluiceFiles

/// The secret both ends of a TCP connection prove they hold (see ``TCPHandshake``), never
/// sending it: read from a file only its owner can read, since anyone on the machine can
/// connect to a TCP port, even one bound to 127.0.0.1.
package struct AccessToken: Sendable {
  /// The largest token file read.
  package static let fileSizeLimit = 4096
  /// The fewest bytes a token may have. A short one is guessed (a one-byte token was found
  /// in six connections), and the agent's proof, which anyone who connects gets, lets a token
  /// be tried offline: a token must be long and random, as the suggested command makes it.
  package static let minimumLength = 16

  package let bytes: [UInt8]

  package init(bytes: [UInt8]) { self.bytes = bytes }

  /// The token in the file at `path`, which must be a regular file owned by `owner` that no
  /// one else can read or write, holding at least `minimumLength` bytes besides white space
  /// around them.
  package static func read(from path: String, owner: uid_t = getuid()) throws(AgentError) -> AccessToken {
    let (bytes, status): ([UInt8], stat)
    do throws(FileError) {
      (bytes, status) = try RegularFile.contentsAndStatus(of: path, limit: fileSizeLimit, followingLinks: false)
    } catch {
      throw AgentError(error.message)
    }
    guard status.st_uid == owner else {
      throw AgentError("the token file \(path) is owned by someone else (user id \(status.st_uid), not \(owner))")
    }
    guard status.st_mode & 0o077 == 0 else {
      throw AgentError(
        "the token file \(path) can be read or written by others (mode \(octalMode(status.st_mode))); "
          + "run chmod 600 \(path)"
      )
    }
    let white: Set<UInt8> = [9, 10, 13, 32]
    let token = Array(bytes.drop { white.contains($0) }.reversed().drop { white.contains($0) }.reversed())
    guard !token.isEmpty else { throw AgentError("the token file \(path) is empty") }
    guard token.count >= minimumLength else {
      throw AgentError(
        "the token file \(path) holds a token of \(token.count) bytes; a token needs at least \(minimumLength), "
          + "random: make one with head -c 32 /dev/urandom | base64 > \(path); chmod 600 \(path)")
    }
    return AccessToken(bytes: token)
  }

  /// Whether `presented` is the token, taking the same time whatever its bytes are: every byte
  /// of the token is compared, and a difference found early does not end the loop. (The page's
  /// token is shown so; the agent's never is, only proved.)
  package func matches(_ presented: some Collection<UInt8>) -> Bool {
    let presented = Array(presented)
    var difference: UInt8 = 0
    for index in bytes.indices {
      difference |= bytes[index] ^ (index < presented.count ? presented[index] : 0)
    }
    return difference == 0 && presented.count == bytes.count
  }
}
