import SwiftSyntax
import SwiftSyntaxBuilder

/// The extension a macro returns, built from source text.
enum ExtensionSource {
  /// `extension Type: Conformances { members }`, members separated by blank lines and
  /// indented; `nil` when there is nothing to add.
  static func make(
    extending type: some TypeSyntaxProtocol, conformingTo protocols: [TypeSyntax], members: [String]
  ) -> ExtensionDeclSyntax? {
    let conformances = protocols.map(\.trimmedDescription)
    guard !conformances.isEmpty || !members.isEmpty else { return nil }
    let inheritance = conformances.isEmpty ? "" : ": " + conformances.joined(separator: ", ")
    let body = members.map(indented).joined(separator: "\n\n")
    let source = "extension \(type.trimmedDescription)\(inheritance) {" + (body.isEmpty ? "}" : "\n\(body)\n}")
    return DeclSyntax(stringLiteral: source).as(ExtensionDeclSyntax.self)
  }

  /// Every non-empty line indented by two spaces.
  private static func indented(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.isEmpty ? "" : "  " + $0 }
      .joined(separator: "\n")
  }
}
