extension ValueTree {
  /// The paths below this tree whose key (a property, case or dictionary key) or leaf value
  /// contains `text`, ignoring case, in the order they appear. A match's children are not
  /// searched: the match already shows them.
  ///
  /// Walks the whole tree: for explicit requests (`find`), never per action.
  func matches(of text: String, under path: StatePath = .root) -> [StateMatch] {
    var found: [StateMatch] = []
    collectMatches(of: text.lowercased(), under: path, into: &found)
    return found
  }

  private func collectMatches(of text: String, under path: StatePath, into found: inout [StateMatch]) {
    func visit(_ child: ValueTree, at childPath: StatePath, key: String?) {
      if let key, key.lowercased().contains(text) {
        found.append(StateMatch(path: childPath, value: child.compactDescription))
      } else {
        child.collectMatches(of: text, under: childPath, into: &found)
      }
    }
    switch self {
    case .structure(_, let fields), .tuple(let fields):
      for (offset, field) in fields.enumerated() {
        let label = field.label ?? String(offset)
        visit(field.value, at: path.appending(.property(label)), key: label)
      }
    case .enumCase(_, let name, let payload):
      // The case is the value here: a match on its name reports the value itself.
      if name.lowercased().contains(text) {
        found.append(StateMatch(path: path, value: compactDescription))
        return
      }
      let casePath = path.appending(.property(name))
      // A single unlabeled payload is reached by the case name alone (`results.loaded[1]`).
      if payload.count == 1, payload[0].label == nil {
        payload[0].value.collectMatches(of: text, under: casePath, into: &found)
        return
      }
      for (offset, field) in payload.enumerated() {
        visit(field.value, at: casePath.appending(.property(field.label ?? String(offset))), key: field.label)
      }
    case .collection(_, _, let elements):
      for (offset, element) in elements.enumerated() {
        visit(element, at: path.appending(.index(offset)), key: nil)
      }
    case .dictionary(_, let entries):
      for entry in entries {
        let keyText = entry.key.compactDescription
        visit(entry.value, at: path.appending(Self.pathComponent(forKey: entry.key)), key: keyText)
      }
    case .optional(let wrapped):
      wrapped?.collectMatches(of: text, under: path.appending(.optionalChain), into: &found)
    case .scalar(_, let value):
      if value.lowercased().contains(text) { found.append(StateMatch(path: path, value: value)) }
    case .omitted:
      break
    }
  }

  /// The path component that looks a dictionary entry up by its key, the one way every
  /// command prints it: `["theme"]` for a string, `[2]` for an integer, an enum key by its case
  /// as Swift describes it (`["load"]`), and any other key as the literal it prints as
  /// (`[UUID("E621E1F8-…")]`, `[1.5]`). ``StatePath/value(in:)`` reads each back.
  static func pathComponent(forKey key: ValueTree) -> StatePath.Component {
    if case .scalar(_, let text) = key {
      if let integer = Int(text) { return .index(integer) }
      if case .string(let string)? = try? ActionTextParser().parse(text) { return .key(string) }
      return .literalKey(text)
    }
    if case .enumCase(_, _, let payload) = key, payload.isEmpty, case let text = key.compactDescription,
      text.hasPrefix(".")
    {
      return .key(String(text.dropFirst()))
    }
    return .literalKey(key.compactDescription)
  }
}
