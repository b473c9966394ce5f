import InMemoryTracing
import Sluice
import Testing
import Tracing

@testable import SluiceTracing

/// Each test has a tracer of its own, passed to the monitor: no global tracer, so the tests
/// run in parallel. Stores live on the main actor; a hung test ends at the time limit rather
/// than stalling the suite, a limit no passing test comes near.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct TracingMonitorTests {
  let tracer = InMemoryTracer()
  let clock = ManualClock()

  func makeStore(actionText: SpanActionText<Cart.Action> = .described) -> Store<Cart.State, Cart.Action> {
    Store(
      initialState: Cart.State(), reducer: Cart(clock: clock), clock: clock,
      monitor: TracingMonitor(tracer: tracer, storeName: "cart", actionText: actionText))
  }

  @Test func eachActionIsASpanNamedByItsCaseWithItsText() throws {
    let store = makeStore()
    store.send(.add("milk"))
    store.send(.add("eggs"))

    let spans = tracer.finishedSpans
    #expect(spans.map(\.operationName) == ["add", "add"])
    let first = spans[0]
    #expect(first.attribute(SpanAttributeName.action) == .string(#"add("milk")"#))
    #expect(first.attribute(SpanAttributeName.store) == .string("cart"))
    #expect(first.attribute(SpanAttributeName.actionOrigin) == .string("external"))
    #expect(first.attribute(SpanAttributeName.actionDepth) == .int64(0))
    #expect(first.attribute(SpanAttributeName.actionSequence) != spans[1].attribute(SpanAttributeName.actionSequence))
    // Sent with no request around it: each begins a trace of its own.
    #expect(first.parentSpanID == nil)
    #expect(first.traceID != spans[1].traceID)
    #expect(tracer.activeSpans.isEmpty)
  }

  @Test func payloadsCanBeKeptOutOrWrittenByTheProgram() {
    let omitting = makeStore(actionText: .omitted)
    omitting.send(.add("milk"))
    let omitted = tracer.popFinishedSpans()
    #expect(omitted.map(\.operationName) == ["add"])
    #expect(omitted.first?.attribute(SpanAttributeName.action) == nil)

    let custom = makeStore(actionText: .custom { action in
      if case .add = action { return "add(…)" }
      return nil
    })
    custom.send(.add("milk"))
    custom.send(.stopWatching)
    let written = tracer.popFinishedSpans()
    #expect(written.map { $0.attribute(SpanAttributeName.action) } == [.string("add(…)"), nil])
  }

  @Test func aSpanTheTracerDoesNotRecordIsNotDescribed() async {
    let describing = SpanActionText<Cart.Action>.custom { action in
      Issue.record("described \(action) for a span nobody records")
      return nil
    }
    let store = Store(
      initialState: Cart.State(), reducer: Cart(clock: clock),
      monitor: TracingMonitor(tracer: NoOpTracer(), storeName: "cart", actionText: describing))
    await store.send(.load).finish()
    #expect(store.state.items == ["milk"], "traced or not, the store works the same")
  }

  @Test func secretValuesInAnActionAreMasked() throws {
    let store = makeStore()
    store.send(.logIn(Cart.Credentials(user: "ada", password: "hunter2")))

    let span = try #require(tracer.finishedSpans.one(named: "logIn"))
    guard case .string(let text) = span.attribute(SpanAttributeName.action) else {
      Issue.record("no action text on \(span.attributes)")
      return
    }
    #expect(text.contains("ada"))
    #expect(text.contains("‹redacted›"))
    #expect(!text.contains("hunter2"))
  }

  @Test func anActionSentInsideARequestIsAChildOfTheRequestSpan() async throws {
    let store = makeStore()
    let request = tracer.startSpan("GET /cart", context: .topLevel)
    let sent = ServiceContext.withValue(request.context) {
      store.send(.addTwice("milk"))
    }
    await sent.finish()
    request.end()

    let spans = tracer.finishedSpans
    let addTwice = try #require(spans.one(named: "addTwice"))
    #expect(addTwice.parentSpanID == request.spanID)
    #expect(addTwice.traceID == request.traceID)
    // The `.send` effect's action: a child of the action that returned it.
    let add = try #require(spans.one(named: "add"))
    #expect(add.parentSpanID == addTwice.spanID)
    #expect(add.traceID == request.traceID)
    #expect(add.attribute(SpanAttributeName.actionOrigin) == .string("effect"))
    #expect(add.attribute(SpanAttributeName.actionDepth) == .int64(1))
  }

  @Test func anActionQueuedInsideARequestKeepsItsParentUntilItIsReduced() async throws {
    let store = makeStore()
    store.pause()
    let request = tracer.startSpan("POST /cart", context: .topLevel)
    ServiceContext.withValue(request.context) {
      _ = store.send(.add("milk"))
    }
    store.send(.add("eggs"))
    // Never reduced: the parents taken down for them must not go to the actions after them.
    let discarded = store.discardQueuedActions(reason: "test")
    #expect(discarded.count == 2)
    ServiceContext.withValue(request.context) {
      _ = store.send(.add("tea"))
    }
    request.end()
    store.send(.add("bread"))
    store.resume()
    await store.idle()

    let adds = tracer.finishedSpans.filter { $0.operationName == "add" }
    #expect(adds.map { $0.attribute(SpanAttributeName.action) } == [.string(#"add("tea")"#), .string(#"add("bread")"#)])
    #expect(adds.map(\.parentSpanID) == [request.spanID, nil], "reduced after the request, a child of it all the same")
  }

  @Test func aJobIsAChildOfItsActionAndWhatItSendsAChildOfTheJob() async throws {
    let store = makeStore()
    let request = tracer.startSpan("POST /cart/load", context: .topLevel)
    await ServiceContext.withValue(request.context) {
      await store.send(.load).finish()
    }
    request.end()

    let spans = tracer.finishedSpans
    let load = try #require(spans.one(named: "load") { $0.attribute(SpanAttributeName.jobKind) == nil })
    let job = try #require(spans.one(named: "load") { $0.attribute(SpanAttributeName.jobKind) != nil })
    let loaded = try #require(spans.one(named: "loaded"))
    #expect(load.parentSpanID == request.spanID)
    #expect(job.parentSpanID == load.spanID)
    #expect(job.traceID == request.traceID)
    #expect(job.attribute(SpanAttributeName.jobKind) == .string("effect"))
    #expect(job.attribute(SpanAttributeName.jobStatus) == .string("finished"))
    #expect(job.attribute(SpanAttributeName.jobAction) == load.attribute(SpanAttributeName.actionSequence))
    #expect(job.events.map(\.name) == ["started"])
    #expect(job.status == nil)
    #expect(loaded.parentSpanID == job.spanID)
    #expect(loaded.attribute(SpanAttributeName.actionOrigin) == .string("job"))
    #expect(loaded.attribute(SpanAttributeName.actionJob) == job.attribute(SpanAttributeName.jobID))
    #expect(loaded.attribute(SpanAttributeName.actionDepth) == .int64(1))

    // Ends in the order the store saw them: the action, then what its job sent, then the
    // job (it posts its send before its end), then the request around it all.
    #expect(spans.map(\.spanID) == [load.spanID, loaded.spanID, job.spanID, request.spanID])
    #expect(tracer.activeSpans.isEmpty)
  }

  @Test func aJobsBodyRunsInsideItsOwnSpan() async throws {
    let store = makeStore()
    let request = tracer.startSpan("GET /probe", context: .topLevel)
    await ServiceContext.withValue(request.context) {
      await store.send(.probe).finish()
    }
    request.end()
    // The calls a job makes (an HTTP client's) take its span as their parent, not the
    // request's its task would otherwise inherit.
    let job = try #require(tracer.finishedSpans.one(named: "probe") { $0.attribute(SpanAttributeName.jobKind) != nil })
    #expect(store.state.results == [job.spanID])
    #expect(job.parentSpanID != nil && job.traceID == request.traceID)
  }

  @Test func aHeldJobRunsInsideItsOwnSpanWhenReleased() async throws {
    // The debugger holds jobs; a store's own monitor may too. Released later, from wherever
    // `release` is called, the job still runs inside its span.
    let monitor = HoldingMonitor(tracing: TracingMonitor<Cart.State, Cart.Action>(tracer: tracer, storeName: "cart"))
    let store = Store(initialState: Cart.State(), reducer: Cart(clock: clock), clock: clock, monitor: monitor)
    let sent = store.send(.probe)
    let held = try #require(monitor.held.first)
    store.release(held.id)
    await sent.finish()
    let job = try #require(tracer.finishedSpans.one(named: "probe") { $0.attribute(SpanAttributeName.jobKind) != nil })
    #expect(store.state.results == [job.spanID])
  }

  @Test func aFailedJobRecordsItsError() async throws {
    let store = makeStore()
    await store.send(.charge).finish()

    let spans = tracer.finishedSpans
    let action = try #require(spans.one(named: "charge") { $0.attribute(SpanAttributeName.jobKind) == nil })
    let job = try #require(spans.one(named: "charge") { $0.attribute(SpanAttributeName.jobKind) != nil })
    #expect(job.parentSpanID == action.spanID)
    #expect(job.errors.map { String(describing: $0.error) } == ["card declined"])
    #expect(job.status == SpanStatus(code: .error, message: "card declined"))
    #expect(job.attribute(SpanAttributeName.jobStatus) == .string("failed"))
    #expect(job.attribute(SpanAttributeName.jobCancelled) == nil)
  }

  @Test func aCancelledJobEndsMarkedCancelled() async throws {
    let store = makeStore()
    store.send(.watch)
    #expect(tracer.activeSpans.count == 1, "the watch job's span runs")
    store.send(.stopWatching)
    await store.idle()

    let spans = tracer.finishedSpans
    let watch = try #require(spans.one(named: "watch") { $0.attribute(SpanAttributeName.jobKind) == nil })
    let job = try #require(spans.one(named: "watch") { $0.attribute(SpanAttributeName.jobKind) != nil })
    #expect(job.parentSpanID == watch.spanID)
    #expect(job.attribute(SpanAttributeName.jobCancelled) == .bool(true))
    #expect(job.attribute(SpanAttributeName.jobStatus) == .string("cancelled"))
    #expect(job.errors.isEmpty)
    #expect(job.status == nil, "a cancellation is no error")
    #expect(spans.last?.spanID == job.spanID, "the job ends after the action that cancelled it")
  }

  @Test func aDebouncedSearchIsATimerAndThenAJobUnderTheLastSearch() async throws {
    let store = makeStore()
    store.send(.search("mi"))
    store.send(.search("milk"))
    await clock.waitForSleepers(1)
    clock.advance(by: .milliseconds(300))
    await store.idle()

    let spans = tracer.finishedSpans
    let searches = spans.filter { $0.operationName == "search" && $0.attribute(SpanAttributeName.jobKind) == nil }
    #expect(searches.count == 2)
    // Each search waited on a timer of its own; the second cancelled the first's.
    let timers = searches.map { search in
      spans.filter { $0.parentSpanID == search.spanID && $0.attribute(SpanAttributeName.jobKind) == .string("timer") }
    }
    #expect(timers.map(\.count) == [1, 1])
    #expect(timers.map { $0.first?.attribute(SpanAttributeName.jobCancelled) } == [.bool(true), nil])
    // The debounced work runs after the second timer, under the second search.
    let job = try #require(spans.one(named: "search") { $0.attribute(SpanAttributeName.jobKind) == .string("effect") })
    #expect(job.parentSpanID == searches[1].spanID)
    let found = try #require(spans.one(named: "found"))
    #expect(found.parentSpanID == job.spanID)
    #expect(found.attribute(SpanAttributeName.action) == .string(#"found("milk")"#))
  }

  @Test func aThrottledRefreshRunsUnderTheRequestItRan() async throws {
    let store = makeStore()
    for number in 1...3 { store.send(.refresh(number)) }
    await clock.waitForSleepers(1)
    clock.advance(by: .seconds(1))
    await store.idle()

    let spans = tracer.finishedSpans
    let refreshes = spans.filter { $0.operationName == "refresh" && $0.attribute(SpanAttributeName.jobKind) == nil }
    #expect(refreshes.count == 3)
    let runs = spans.filter { $0.attribute(SpanAttributeName.jobKind) == .string("effect") }
    // The first request runs at once; the newest waiting when the window closes runs then.
    #expect(Set(runs.map(\.parentSpanID)) == [refreshes[0].spanID, refreshes[2].spanID])
    let refreshed = spans.filter { $0.operationName == "refreshed" }
    #expect(refreshed.count == 2)
    #expect(refreshed.allSatisfy { span in runs.contains { $0.spanID == span.parentSpanID } })
    #expect(tracer.activeSpans.isEmpty)
  }

  @Test func aMiddlewareRunIsAJobUnderTheAction() async throws {
    let audited = Middleware<Cart.State, Cart.Action>(name: "audit") { action, _ in
      guard case .add = action else { return .none }
      return .run { _ in }
    }
    let store = Store(
      initialState: Cart.State(), reducer: Cart(clock: clock), middleware: [audited],
      monitor: TracingMonitor(tracer: tracer, storeName: "cart"))
    await store.send(.add("milk")).finish()

    let spans = tracer.finishedSpans
    let add = try #require(spans.one(named: "add"))
    let audit = try #require(spans.one(named: "audit"))
    #expect(audit.parentSpanID == add.spanID)
    #expect(audit.attribute(SpanAttributeName.jobKind) == .string("middleware"))
    #expect(audit.attribute(SpanAttributeName.store) == .string("cart"))
  }
}
