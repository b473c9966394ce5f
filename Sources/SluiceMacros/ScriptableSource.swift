/// The members `@Scriptable` writes, as source text.
enum ScriptableSource {
  /// `static var counterCase`: the `EnumCase` of a case with one payload, which `Scope`,
  /// `ifLet` and `forEach` take, as TCA's `@CasePathable` writes case paths.
  ///
  /// Computed rather than stored: it works in generic enums too, and a reducer reads it once.
  static func enumCase(_ actionCase: ActionCase, access: String) -> String? {
    guard actionCase.parameters.count == 1, let payload = actionCase.parameters.first else { return nil }
    let call = payload.labelIdentifier.map { "\($0): $0" } ?? "$0"
    return [
      "/// The `\(actionCase.name)` case and its `\(payload.type)`, for `Scope`: embeds the payload and extracts it.",
      "\(access)static var \(actionCase.name)Case: Sluice.EnumCase<Self, \(payload.type)> {",
      "  Sluice.EnumCase(embed: { Self.\(actionCase.identifier)(\(call)) }) {",
      "    if case .\(actionCase.identifier)(let payload) = $0 { payload } else { nil }",
      "  }",
      "}",
    ].joined(separator: "\n")
  }

  /// `static var actionDescription`: every case with its parameters and doc comment.
  ///
  /// Computed rather than stored: it works in generic enums too, and the debugger reads it
  /// only while someone types.
  static func actionDescription(typeName: String, cases: [ActionCase], access: String) -> String {
    var lines = [
      "/// The cases of `\(typeName)` in source order, for the debugger's completion and suggestions.",
      "\(access)static var actionDescription: Sluice.ActionDescription {",
      "  Sluice.ActionDescription(",
      "    typeName: \(SwiftLiteral.string(typeName)),",
    ]
    if cases.isEmpty {
      lines.append("    cases: []")
    } else {
      lines.append("    cases: [")
      for actionCase in cases {
        lines += caseDescription(actionCase).map { "      " + $0 }
      }
      lines.append("    ]")
    }
    lines += ["  )", "}"]
    return lines.joined(separator: "\n")
  }

  /// `var caseName`: a `switch` naming the case, and the nested case for a single payload that
  /// names its own.
  static func caseName(cases: [ActionCase], access: String) -> String {
    var lines = [
      "/// The case's name without its payload, for the cycle detector and the debugger's history.",
      "\(access)var caseName: String {",
      "  switch self {",
    ]
    for actionCase in cases {
      let name = SwiftLiteral.string(actionCase.name)
      if actionCase.parameters.count == 1 {
        lines += [
          "  case .\(actionCase.identifier)(let payload):",
          "    Sluice._ScriptableExpansion.caseName(\(name), payload: payload)",
        ]
      } else {
        lines += ["  case .\(actionCase.identifier):", "    \(name)"]
      }
    }
    lines += ["  }", "}"]
    return lines.joined(separator: "\n")
  }

  /// `var scriptedCase`: a `switch` taking the value apart into its case's name and payload,
  /// which the debugger describes without a `Mirror`.
  static func scriptedCase(cases: [ActionCase], access: String) -> String {
    var lines = [
      "/// This value's case and payload, for the debugger's descriptions without reflection.",
      "\(access)var scriptedCase: Sluice.ActionCaseValue? {",
      "  switch self {",
    ]
    for actionCase in cases {
      let name = SwiftLiteral.string(actionCase.name)
      guard !actionCase.parameters.isEmpty else {
        lines += ["  case .\(actionCase.identifier):", "    Sluice.ActionCaseValue(name: \(name), fields: [])"]
        continue
      }
      let bindings = actionCase.parameters.indices.map { "let _\($0)" }.joined(separator: ", ")
      let fields = actionCase.parameters.enumerated().map { position, parameter in
        "(\(SwiftLiteral.optionalString(parameter.label)), _\(position) as Any)"
      }
      lines += [
        "  case .\(actionCase.identifier)(\(bindings)):",
        "    Sluice.ActionCaseValue(name: \(name), fields: [\(fields.joined(separator: ", "))])",
      ]
    }
    lines += ["  }", "}"]
    return lines.joined(separator: "\n")
  }

  /// `static func scriptAction(caseName:arguments:)`: a `switch` over the case names that
  /// reads each payload in declaration order and builds the case, or answers `nil` so that
  /// the debugger decodes the text instead.
  static func scriptAction(cases: [ActionCase], access: String) -> String {
    var lines = [
      "/// The case named `caseName` made from `arguments`, for the debugger: the action `Decodable`",
      "/// would make, without a decoder; `nil` when they do not make one exactly.",
      "\(access)static func scriptAction(caseName: String, arguments: inout some Sluice.ScriptArguments) -> Self? {",
      "  switch caseName {",
    ]
    for actionCase in cases {
      lines.append("  case \(SwiftLiteral.string(actionCase.name)):")
      guard !actionCase.parameters.isEmpty else {
        lines.append("    return arguments.isAtEnd ? .\(actionCase.identifier) : nil")
        continue
      }
      let reads = actionCase.parameters.enumerated().map { position, parameter in
        "let _\(position) = arguments.next(label: \(SwiftLiteral.optionalString(parameter.label)), as: (\(parameter.type)).self)"
      }
      let values = actionCase.parameters.enumerated().map { position, parameter in
        (parameter.labelIdentifier.map { $0 + ": " } ?? "") + "_\(position)"
      }
      lines += [
        "    guard \((reads + ["arguments.isAtEnd"]).joined(separator: ", ")) else {",
        "      return nil",
        "    }",
        "    return .\(actionCase.identifier)(\(values.joined(separator: ", ")))",
      ]
    }
    lines += ["  default:", "    return nil", "  }", "}"]
    return lines.joined(separator: "\n")
  }

  private static func caseDescription(_ actionCase: ActionCase) -> [String] {
    let name = "name: \(SwiftLiteral.string(actionCase.name))"
    let documentation = actionCase.documentation.map { "documentation: \(SwiftLiteral.string($0))" }
    guard !actionCase.parameters.isEmpty else {
      let arguments = [name] + [documentation].compactMap { $0 }
      return ["Sluice.ActionCaseDescription(" + arguments.joined(separator: ", ") + "),"]
    }
    var lines = ["Sluice.ActionCaseDescription(", "  \(name),", "  parameters: ["]
    for (position, parameter) in actionCase.parameters.enumerated() {
      lines.append("    " + parameterDescription(parameter, position: position) + ",")
    }
    lines.append(documentation == nil ? "  ]" : "  ],")
    if let documentation {
      lines.append("  " + documentation)
    }
    lines.append("),")
    return lines
  }

  private static func parameterDescription(_ parameter: ActionParameter, position: Int) -> String {
    var arguments = [
      "label: \(SwiftLiteral.optionalString(parameter.label))",
      "position: \(position)",
      "typeName: \(SwiftLiteral.string(parameter.type))",
    ]
    if let defaultValue = parameter.defaultValue {
      arguments.append("defaultValue: \(SwiftLiteral.string(defaultValue))")
    }
    arguments.append("valueType: (\(parameter.type)).self")
    return "Sluice.ActionParameterDescription(" + arguments.joined(separator: ", ") + ")"
  }
}
