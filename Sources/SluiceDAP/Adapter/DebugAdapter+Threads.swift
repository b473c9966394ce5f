import SluiceDebugger
import SluiceReporting

extension DebugAdapter {
  /// The debugger whose sessions the adapter shows: the launched session's, or the
  /// program's agent's.
  var debugger: Debugger? {
    endpoint?.interpreter.debugger
  }

  /// The stores the editor sees as threads: a hosted session's one store; every store a
  /// program offers.
  var storeNames: [String] {
    switch sessions {
    case .hosted: debugger?.current.map { [$0.featureName] } ?? []
    case .program(let debugger): debugger.registry.names
    }
  }

  /// The thread id of the store `name`: the same for as long as the adapter runs.
  func threadID(of name: String) -> Int {
    if let index = threadNames.firstIndex(of: name) { return index + 1 }
    threadNames.append(name)
    return threadNames.count
  }

  /// The thread of the store commands run on now.
  var currentThreadID: Int {
    threadID(of: debugger?.current?.featureName ?? storeNames.first ?? "store")
  }

  /// `threads`: one per store.
  func threads(_ arguments: Arguments) -> Reply {
    let threads: [JSONValue] = storeNames.map { name in
      .object([("id", .integer(threadID(of: name))), ("name", .string(name))])
    }
    return Reply(body: .object([("threads", .array(threads))]))
  }

  /// Makes the store of thread `id` the one commands run on (`use`), when it is not: a
  /// request about a thread is about its store. References name the old store's values,
  /// so they are forgotten.
  func select(thread id: Int) async throws(AdapterError) {
    for name in storeNames { _ = threadID(of: name) }
    guard id >= 1, id <= threadNames.count, storeNames.contains(threadNames[id - 1]) else {
      throw AdapterError("no thread \(id): the threads are the stores (`threads` lists them)")
    }
    let name = threadNames[id - 1]
    guard debugger?.current?.featureName != name else { return }
    _ = try await run(["use", name])
    references.reset()
  }

  /// `thread` events for the stores that came and went since the editor was last told.
  func threadEvents() -> [Outgoing] {
    guard case .program = sessions, phase == .launched else { return [] }
    let known = Set(threadNames)
    let names = storeNames
    var events: [Outgoing] = names.filter { !known.contains($0) }.map { name in
      .event("thread", .object([("reason", .string("started")), ("threadId", .integer(threadID(of: name)))]))
    }
    for name in withdrawnStores where names.contains(name) { withdrawnStores.remove(name) }
    for name in threadNames where !names.contains(name) && !withdrawnStores.contains(name) {
      withdrawnStores.insert(name)
      events.append(.event("thread", .object([("reason", .string("exited")), ("threadId", .integer(threadID(of: name)))])))
    }
    return events
  }
}
