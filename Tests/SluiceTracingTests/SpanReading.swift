import InMemoryTracing
import Tracing

extension FinishedInMemorySpan {
  /// The attribute named `name`, as stored.
  func attribute(_ name: String) -> SpanAttribute? {
    attributes.get(name)
  }
}

extension [FinishedInMemorySpan] {
  /// The one finished span named `name` that passes `test`; `nil` when there is none or
  /// more than one.
  func one(named name: String, where test: (FinishedInMemorySpan) -> Bool = { _ in true }) -> FinishedInMemorySpan? {
    let found = filter { $0.operationName == name && test($0) }
    return found.count == 1 ? found[0] : nil
  }
}
