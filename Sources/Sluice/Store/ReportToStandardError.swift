import Foundation

/// Writes one line to standard error: how a store reports what nobody monitors.
@usableFromInline func reportToStandardError(_ line: String) {
  FileHandle.standardError.write(Data((line + "\n").utf8))
}
