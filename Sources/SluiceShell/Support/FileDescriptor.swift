#if canImport(Glibc)
  import Glibc
  private let systemWrite = Glibc.write
  private let systemClose = Glibc.close
#elseif canImport(Darwin)
  import Darwin
  private let systemWrite = Darwin.write
  private let systemClose = Darwin.close
#endif

/// Plain writes to a file descriptor, as the terminal needs them: unbuffered and complete.
enum FileDescriptor {
  /// Writes every byte of `text`, retrying after interruptions and short writes. Gives up
  /// quietly when the descriptor is closed: the terminal went away, nobody is left to tell.
  static func writeAll(_ text: String, to fileDescriptor: Int32) {
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { buffer in
        systemWrite(fileDescriptor, buffer.baseAddress! + offset, buffer.count - offset)
      }
      if written > 0 {
        offset += written
      } else if written < 0 && errno == EINTR {
        continue
      } else {
        return
      }
    }
  }

  /// Closes `fileDescriptor`, ignoring errors: the descriptor is released either way.
  static func close(_ fileDescriptor: Int32) {
    _ = systemClose(fileDescriptor)
  }
}
