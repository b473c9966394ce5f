import InMemoryTracing
import Sluice
import SluiceTracing
import Testing
import Tracing

/// A service's store lives on an actor of its own; a request handler calls the actor. The
/// call keeps the handler's task, and with it the request's span as the current context.
@Suite(.timeLimit(.minutes(5)))
struct ActorStoreTracingTests {
  actor Carts {
    let clock = ManualClock()
    lazy var store = Store(
      initialState: Cart.State(), reducer: Cart(clock: clock),
      monitor: TracingMonitor(tracer: tracer, storeName: "carts"), isolation: self)
    let tracer: InMemoryTracer

    init(tracer: InMemoryTracer) {
      self.tracer = tracer
    }

    func load() async {
      await store.send(.load).finish()
    }
  }

  @Test func aRequestHandlerCallingTheStoresActorNestsTheStoresWorkInTheRequest() async throws {
    let tracer = InMemoryTracer()
    let carts = Carts(tracer: tracer)
    await tracer.withSpan("POST /cart/load", context: .topLevel) { _ in
      await carts.load()
    }

    let spans = tracer.finishedSpans
    let request = try #require(spans.one(named: "POST /cart/load"))
    let load = try #require(spans.one(named: "load") { $0.attribute(SpanAttributeName.jobKind) == nil })
    let job = try #require(spans.one(named: "load") { $0.attribute(SpanAttributeName.jobKind) != nil })
    let loaded = try #require(spans.one(named: "loaded"))
    #expect(load.parentSpanID == request.spanID)
    #expect(job.parentSpanID == load.spanID)
    #expect(loaded.parentSpanID == job.spanID)
    #expect(Set([load, job, loaded].map(\.traceID)) == [request.traceID])
    #expect(load.attribute(SpanAttributeName.store) == .string("carts"))
  }
}
