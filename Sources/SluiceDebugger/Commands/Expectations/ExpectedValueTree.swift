/// Renders an expectation's literal as a value tree shaped like the value it is compared
/// with, borrowing type names from it, so the two can be diffed line by line:
/// `(id: 1, title: "Milk")` against a `Todo` reads `Todo(id: 1, title: "Milk")`.
enum ExpectedValueTree {
  static func make(_ literal: ActionLiteral, like actual: ValueTree?) -> ValueTree {
    if case .optional(let wrapped?) = actual, literal != .nil {
      return make(literal, like: wrapped)
    }
    switch literal {
    case .nil:
      return .optional(nil)
    case .boolean(let flag):
      return .scalar(typeName: "Bool", text: String(flag))
    case .integer(let text), .floatingPoint(let text):
      return .scalar(typeName: scalarTypeName(of: actual) ?? "Int", text: text)
    case .string(let text):
      return .scalar(typeName: "String", text: SwiftStringEscaping.quoted(text))
    case .enumCase(let name, let arguments):
      switch actual {
      case .enumCase(let typeName, _, let payload):
        return .enumCase(typeName: typeName, name: name, payload: fields(arguments ?? [], like: payload))
      case .scalar(let typeName, _) where arguments == nil:
        return .scalar(typeName: typeName, text: "." + name)
      default:
        return .enumCase(typeName: "", name: name, payload: fields(arguments ?? [], like: []))
      }
    case .array(let elements):
      var kind = ValueTree.CollectionKind.array
      var typeName = "Array"
      var guides: [ValueTree] = []
      if case .collection(let actualKind, let actualType, let actualElements) = actual {
        kind = actualKind
        typeName = actualType
        guides = actualElements
      }
      let trees = elements.enumerated().map { offset, element in
        make(element, like: offset < guides.count ? guides[offset] : guides.first)
      }
      return .collection(kind: kind, typeName: typeName, elements: trees)
    case .dictionary(let entries):
      var typeName = "Dictionary"
      var guides: [ValueTree.Entry] = []
      if case .dictionary(let actualType, let actualEntries) = actual {
        typeName = actualType
        guides = actualEntries
      }
      return .dictionary(
        typeName: typeName,
        entries: entries.map { entry in
          ValueTree.Entry(key: make(entry.key, like: guides.first?.key), value: make(entry.value, like: guides.first?.value))
        })
    case .tuple(let arguments):
      if case .structure(let typeName, let guideFields) = actual {
        return .structure(typeName: typeName, fields: fields(arguments, like: guideFields))
      }
      return .tuple(fields(arguments, like: []))
    }
  }

  private static func fields(_ arguments: [ActionLiteral.Argument], like guides: [ValueTree.Field]) -> [ValueTree.Field] {
    arguments.enumerated().map { offset, argument in
      let guide = guides.first { $0.label != nil && $0.label == argument.label }
        ?? (offset < guides.count ? guides[offset] : nil)
      return ValueTree.Field(label: argument.label, value: make(argument.value, like: guide?.value))
    }
  }

  private static func scalarTypeName(of tree: ValueTree?) -> String? {
    if case .scalar(let typeName, _) = tree { return typeName }
    return nil
  }
}
