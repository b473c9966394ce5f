import SluiceDebugger
import SluiceReporting

extension DebugAdapter {
  /// `dataBreakpointInfo`: a value of the state can be watched; its data id is its state
  /// path (`items[0].quantity`), which `watch` takes. A value that is not the state's (an
  /// action's, a change's) cannot.
  func dataBreakpointInfo(_ arguments: Arguments) throws(AdapterError) -> Reply {
    guard let name = try arguments.string("name") else { throw AdapterError("`name` is missing") }
    var path: String?
    if let reference = try arguments.integer("variablesReference"), reference > 0 {
      if case .tree(let tree, let parent) = try references.container(reference) {
        path = tree.children(at: parent).first { $0.name == name }?.path
      }
    } else {
      // No container: `name` is an expression, a state path.
      path = name
    }
    guard let path, !path.isEmpty, !path.contains(where: \.isWhitespace) else {
      return Reply(body: .object([("dataId", .null), ("description", .string("only a value of the state can be watched"))]))
    }
    return Reply(body: .object([
      ("dataId", .string(path)), ("description", .string("when \(path) changes")),
      ("accessTypes", .array([.string("write")])), ("canPersist", .boolean(true)),
    ]))
  }

  /// `setDataBreakpoints`: a watchpoint on each state path (`watch PATH`), replacing those
  /// set before: it stops the running store when the value changes, and `continue` and
  /// `reverseContinue` through the history stop at the entries that changed it. Before
  /// `launch` they are kept, and set when the session starts.
  func setDataBreakpoints(_ arguments: Arguments) async throws(AdapterError) -> Reply {
    pendingDataBreakpoints = try arguments.objects("breakpoints").map { (id: nextBreakpointID(), breakpoint: $0) }
    guard endpoint != nil else { return Self.pendingAnswer(pendingDataBreakpoints) }
    return Reply(body: .object([("breakpoints", .array(try await applyDataBreakpoints()))]))
  }

  /// Sets the engine's watchpoints for the data breakpoints the editor asked for, deleting
  /// those set before; answers each as `setDataBreakpoints` does.
  @discardableResult
  func applyDataBreakpoints() async throws(AdapterError) -> [JSONValue] {
    let (made, answers) = try await replaceEngineBreakpoints(dataBreakpoints.map(\.engineID), pendingDataBreakpoints) {
      breakpoint throws(AdapterError) in
      guard let path = try breakpoint.string("dataId") else { throw AdapterError("`dataId` is missing") }
      guard case .breakpointAdded(let added, _)? = try await self.result(["watch", path]) else {
        throw AdapterError("the engine made no watchpoint")
      }
      return added.id
    }
    dataBreakpoints = made.map { DataBreakpoint(id: $0.id, path: (try? $0.breakpoint.string("dataId")) ?? "", engineID: $0.engineID) }
    return answers
  }
}

/// A watchpoint as the editor set it (`setDataBreakpoints`): the adapter's id, the state
/// path, and the engine's watchpoint.
struct DataBreakpoint {
  var id: Int
  var path: String
  var engineID: Int

  /// Whether an entry that changed `changed` changed the watched value: the path itself, a
  /// value inside it, or one that holds it.
  func isChanged(by changed: [StatePath]) -> Bool {
    changed.contains { change in
      let text = change.description
      return text == path || text.hasPrefix(path + ".") || text.hasPrefix(path + "[")
        || path.hasPrefix(text + ".") || path.hasPrefix(text + "[") || text.isEmpty
    }
  }
}
