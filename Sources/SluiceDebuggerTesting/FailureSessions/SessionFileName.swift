import SluiceTesting
import SluiceDebugger
import Testing

/// The names of the session files failing tests write: the test's suites and function
/// (`CheckoutTests.paymentFails.sluice-session`), so the same test writes the same file on
/// every run; a test that writes several (a second failure, a second store, another case of
/// a parameterized test) numbers the others (`…paymentFails-2.sluice-session`).
@MainActor
enum SessionFileName {
  /// The extension the debugger's files end in, by convention.
  static let fileExtension = SessionFileHeader.fileExtension
  /// The longest name kept from a test's name, in bytes, well within a file name's limit.
  static let maximumStemLength = 160

  /// Every name given out in this process, so that no two failures share a file.
  private static var claimed: Set<String> = []

  /// A name no failure of this process has had yet, for the running test.
  static func claim(for test: Test?) -> String {
    let stem = stem(for: test)
    var name = stem + fileExtension
    var number = 1
    while claimed.contains(name) {
      number += 1
      name = "\(stem)-\(number)\(fileExtension)"
    }
    claimed.insert(name)
    return name
  }

  /// The test's suites and function, with dots between, without the function's parameter
  /// labels, and only letters, digits, `-`, `_` and `.` kept.
  static func stem(for test: Test?) -> String {
    guard let test else { return "TestStore" }
    let components = test.id.nameComponents.map { component in
      component.firstIndex(of: "(").map { String(component[..<$0]) } ?? component
    }
    let joined = components.filter { !$0.isEmpty }.joined(separator: ".")
    var stem = String(
      String.UnicodeScalarView(
        joined.unicodeScalars.map { scalar in
          scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-_.".unicodeScalars.contains(scalar))
            ? scalar : "_"
        }))
    while stem.utf8.count > maximumStemLength { stem.removeLast() }
    while stem.hasPrefix(".") { stem.removeFirst() }
    return stem.isEmpty ? "TestStore" : stem
  }
}
