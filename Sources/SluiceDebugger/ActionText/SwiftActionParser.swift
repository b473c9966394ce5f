/// Recursive-descent parser for the Swift-like action syntax.
///
/// Grammar (`?` optional, `*` repeated):
///
///     action     = value end
///     value      = "." name call? | name ("." name)* call? | string | integer | float
///                | "[" elements "]" | "(" arguments ")"
///     call       = "(" arguments ")"
///     arguments  = (argument ("," argument)* ","?)?
///     argument   = (name ":")? value
///     elements   = ":" | (value ("," value)* ","?)? | entry ("," entry)* ","?
///     entry      = value ":" value
///
/// Nesting is capped, so no input can exhaust the stack.
struct SwiftActionParser {
  private var lexer: ActionLexer
  /// Up to two tokens read ahead (labels need two: `name` `:`).
  private var next: ActionToken?
  private var afterNext: ActionToken?
  private let maximumDepth: Int
  private var source: ActionSource { lexer.source }
  /// When not `nil`, where each value starts (a case at its name), in the order a
  /// depth-first walk of the literal meets them: how a decoding error finds its column.
  /// Recorded only when asked for, after an error, so parsing pays one check per value.
  var valueStarts: [Int]?

  init(source: ActionSource, maximumDepth: Int) {
    lexer = ActionLexer(source: source)
    self.maximumDepth = maximumDepth
  }

  /// Parses the whole input as one value; anything after it is an error.
  mutating func parseAction() throws(ActionTextError) -> ActionLiteral {
    if try peek().kind == .end {
      throw source.error("expected an action, found end of input", at: try peek().start)
    }
    let value = try parseValue(depth: 0)
    let next = try peek()
    guard next.kind == .end else {
      throw source.error("expected end of input, found \(next.displayName)", at: next.start)
    }
    return value
  }

  // MARK: Token buffer

  private mutating func peek() throws(ActionTextError) -> ActionToken {
    if let next {
      return next
    }
    let token = try lexer.nextToken()
    next = token
    return token
  }

  /// The token after the next one.
  private mutating func peekSecond() throws(ActionTextError) -> ActionToken {
    _ = try peek()
    if let afterNext {
      return afterNext
    }
    let token = try lexer.nextToken()
    afterNext = token
    return token
  }

  @discardableResult
  private mutating func take() throws(ActionTextError) -> ActionToken {
    let token = try peek()
    next = afterNext
    afterNext = nil
    return token
  }

  // MARK: Values

  private mutating func parseValue(depth: Int) throws(ActionTextError) -> ActionLiteral {
    let token = try take()
    let slot = valueStarts?.count
    valueStarts?.append(token.start)
    switch token.kind {
    case .dot:
      let nameToken = try take()
      guard case .identifier(let name) = nameToken.kind else {
        throw source.error(
          "expected a case name after '.', found \(nameToken.displayName)", at: nameToken.start)
      }
      if let slot { valueStarts?[slot] = nameToken.start }
      return try reference(named: name, depth: depth)
    case .identifier(var name):
      var isQualified = false
      // `Todos.Action.add(…)`: only the last name matters for decoding.
      while try peek().kind == .dot, case .identifier(let member) = try peekSecond().kind {
        try take()
        let memberStart = try peek().start
        if let slot { valueStarts?[slot] = memberStart }
        try take()
        name = member
        isQualified = true
      }
      if !isQualified, try peek().kind != .leftParenthesis, let keyword = Self.keyword(name) {
        return keyword
      }
      return try reference(named: name, depth: depth)
    case .string(let text):
      return .string(text)
    case .integer(let text):
      return .integer(text)
    case .floatingPoint(let text):
      return .floatingPoint(text)
    case .leftBracket:
      return try parseCollection(openedBy: token, depth: try nested(depth, openedBy: token))
    case .leftParenthesis:
      return .tuple(try parseArguments(openedBy: token, depth: try nested(depth, openedBy: token)))
    default:
      throw source.error("expected a value, found \(token.displayName)", at: token.start)
    }
  }

  /// A case name, optionally called with arguments. `Todo(id: 1)` (an
  /// upper-case name called like an initializer) is a struct literal instead.
  private mutating func reference(named name: String, depth: Int) throws(ActionTextError) -> ActionLiteral {
    let next = try peek()
    guard next.kind == .leftParenthesis else {
      return .enumCase(name: name, arguments: nil)
    }
    try take()
    let arguments = try parseArguments(openedBy: next, depth: try nested(depth, openedBy: next))
    if Self.startsUppercase(name) {
      return .tuple(arguments)
    }
    return .enumCase(name: name, arguments: arguments)
  }

  /// Whether the name's first character is upper case. Names nearly always start with an
  /// ASCII letter, read from the byte; `Character.isUppercase` would break graphemes and
  /// look up Unicode properties for every case called with arguments.
  private static func startsUppercase(_ name: String) -> Bool {
    guard let byte = name.utf8.first else { return false }
    if byte < 0x80 { return byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") }
    return name.first?.isUppercase == true
  }

  private static func keyword(_ name: String) -> ActionLiteral? {
    switch name {
    case "true": return .boolean(true)
    case "false": return .boolean(false)
    case "nil": return .nil
    default: return nil
    }
  }

  private func nested(_ depth: Int, openedBy token: ActionToken) throws(ActionTextError) -> Int {
    guard depth < maximumDepth else {
      throw source.error("nesting is deeper than \(maximumDepth) levels", at: token.start)
    }
    return depth + 1
  }

  // MARK: Lists

  /// Arguments after an opening parenthesis, through the closing one.
  private mutating func parseArguments(openedBy opener: ActionToken, depth: Int) throws(ActionTextError)
    -> [ActionLiteral.Argument]
  {
    var arguments: [ActionLiteral.Argument] = []
    while true {
      if try peek().kind == .rightParenthesis {
        try take()
        return arguments
      }
      var label: String?
      if case .identifier(let name) = try peek().kind, try peekSecond().kind == .colon {
        try take()
        try take()
        label = name
      }
      arguments.append(ActionLiteral.Argument(label: label, try parseValue(depth: depth)))
      let separator = try take()
      switch separator.kind {
      case .comma: continue
      case .rightParenthesis: return arguments
      default: throw unclosed(opener, expected: ")", found: separator)
      }
    }
  }

  /// An array or dictionary literal after its opening bracket, through the closing one.
  private mutating func parseCollection(openedBy opener: ActionToken, depth: Int) throws(ActionTextError)
    -> ActionLiteral
  {
    switch try peek().kind {
    case .rightBracket:
      try take()
      return .array([])
    case .colon:
      try take()
      let close = try take()
      guard close.kind == .rightBracket else { throw unclosed(opener, expected: "]", found: close) }
      return .dictionary([])
    default:
      break
    }
    let first = try parseValue(depth: depth)
    if try peek().kind == .colon {
      return .dictionary(try parseEntries(firstKey: first, openedBy: opener, depth: depth))
    }
    var elements = [first]
    while true {
      let separator = try take()
      switch separator.kind {
      case .rightBracket:
        return .array(elements)
      case .comma:
        if try peek().kind == .rightBracket {
          try take()
          return .array(elements)
        }
        elements.append(try parseValue(depth: depth))
      default:
        throw unclosed(opener, expected: "]", found: separator)
      }
    }
  }

  /// Dictionary entries, the first key already parsed and a colon next.
  private mutating func parseEntries(firstKey: ActionLiteral, openedBy opener: ActionToken, depth: Int)
    throws(ActionTextError) -> [ActionLiteral.Entry]
  {
    var entries: [ActionLiteral.Entry] = []
    var key = firstKey
    while true {
      let colon = try take()
      guard colon.kind == .colon else {
        throw source.error(
          "expected ':' after the dictionary key, found \(colon.displayName)", at: colon.start)
      }
      entries.append(ActionLiteral.Entry(key: key, value: try parseValue(depth: depth)))
      let separator = try take()
      switch separator.kind {
      case .rightBracket:
        return entries
      case .comma:
        if try peek().kind == .rightBracket {
          try take()
          return entries
        }
        key = try parseValue(depth: depth)
      default:
        throw unclosed(opener, expected: "]", found: separator)
      }
    }
  }

  private func unclosed(_ opener: ActionToken, expected closer: String, found: ActionToken) -> ActionTextError
  {
    let openerText = opener.kind == .leftParenthesis ? "(" : "["
    return source.error(
      "expected '\(closer)' to close '\(openerText)' opened at column \(source.column(at: opener.start)), found \(found.displayName)",
      at: found.start,
      length: found.kind == .end ? nil : found.end - found.start
    )
  }
}
