import Testing
import Tracing

@testable import SluiceTracing

/// The bound on the action contexts a monitor keeps: every one with a job still running, and
/// the most recently used of the others.
@Suite struct ActionSpanContextsTests {
  /// A context told apart from others by its baggage.
  func context(_ number: Int) -> ServiceContext {
    var context = ServiceContext.topLevel
    context[Number.self] = number
    return context
  }

  enum Number: ServiceContextKey {
    typealias Value = Int
  }

  @Test func keepsTheMostRecentlyUsedWithinItsCapacity() {
    var contexts = ActionSpanContexts(capacity: 2)
    for sequence in 1...3 { contexts.insert(context(Int(sequence)), for: UInt64(sequence)) }
    #expect(contexts.count == 2)
    #expect(contexts.context(of: 1) == nil)
    #expect(contexts.context(of: 2)?[Number.self] == 2)
    #expect(contexts.context(of: 3)?[Number.self] == 3)
  }

  @Test func keepsAnActionWhileItsJobRunsAndAfterItsJobEnds() {
    var contexts = ActionSpanContexts(capacity: 2)
    contexts.insert(context(1), for: 1)
    contexts.jobBegan(under: 1)
    for sequence in 2...10 { contexts.insert(context(Int(sequence)), for: UInt64(sequence)) }
    #expect(contexts.context(of: 1)?[Number.self] == 1, "its job still runs")
    #expect(contexts.context(of: 10)?[Number.self] == 10)
    #expect(contexts.count == 2, "the running job's action counts within the bound")

    // Its job's end is a use: what follows the job (a debounced effect) starts under it.
    contexts.jobEnded(under: 1)
    #expect(contexts.context(of: 1)?[Number.self] == 1)
    contexts.insert(context(11), for: 11)
    #expect(contexts.context(of: 1)?[Number.self] == 1)
    contexts.insert(context(12), for: 12)
    #expect(contexts.context(of: 1) == nil, "two actions used since")
    #expect(contexts.count == 2)
  }

  @Test func repeatedUsesLeaveABoundedOrder() {
    var contexts = ActionSpanContexts(capacity: 4)
    contexts.insert(context(1), for: 1)
    for _ in 0..<10_000 {
      contexts.jobBegan(under: 1)
      contexts.jobEnded(under: 1)
    }
    #expect(contexts.count == 1)
    #expect(contexts.orderCount <= 2 * contexts.count + 16)
  }
}
