import SwiftDiagnostics

/// A problem one of the macros reports, as the compiler shows it.
struct MacroDiagnostic: DiagnosticMessage {
  let message: String
  /// Stable per kind of problem, so tools can tell them apart.
  let id: String
  var severity: DiagnosticSeverity = .error

  var diagnosticID: MessageID {
    MessageID(domain: "SluiceMacros", id: id)
  }
}

/// What a fix-it does, as the compiler offers it.
struct MacroFixIt: FixItMessage {
  let message: String
  let id: String

  var fixItID: MessageID {
    MessageID(domain: "SluiceMacros", id: id)
  }
}
