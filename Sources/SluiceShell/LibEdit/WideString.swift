#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Conversions between Swift strings and libedit's `wchar_t` text (UTF-32 on Linux).
enum WideString {
  /// `text` as `wchar_t`s, ending with a terminating zero.
  static func terminated(_ text: String) -> [wchar_t] {
    text.unicodeScalars.map { wchar_t(bitPattern: $0.value) } + [0]
  }

  /// The text of `count` `wchar_t`s at `start`; values that are not scalars become U+FFFD.
  static func string(_ start: UnsafePointer<wchar_t>, count: Int) -> String {
    var scalars = String.UnicodeScalarView()
    for index in 0..<max(0, count) {
      scalars.append(Unicode.Scalar(UInt32(bitPattern: start[index])) ?? "\u{FFFD}")
    }
    return String(scalars)
  }
}
